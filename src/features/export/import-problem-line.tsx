import { useTranslation } from 'react-i18next';

import { TechnicalDetails } from '../../ui/technical-details.tsx';
import type { ImportProblem, ImportRecord } from './core/import-error.ts';

function useRecordLabel(): (record: ImportRecord) => string {
  const { t } = useTranslation();
  return (record) => {
    switch (record.kind) {
      case 'row':
        return t('export.import.record.row', { number: record.number });
      case 'entry':
        return t('export.import.record.entry', {
          // A Murmur archive names its tables; another app's name ("Day One") is said as it is.
          source: t(`export.import.record.sources.${record.source}`, { defaultValue: record.source }),
          id: record.id,
        });
      case 'audio':
        return t('export.import.record.audio', { id: record.id, entry: record.entry });
      case 'settings':
        return t('export.import.record.settings');
    }
  };
}

/** One skipped record: where it was and why, in the person's language; the raw reason closed below. */
export function ImportProblemLine({ problem }: { problem: ImportProblem }) {
  const { t } = useTranslation();
  const recordLabel = useRecordLabel();
  return (
    <li>
      <strong>{recordLabel(problem.record)}</strong>:{' '}
      {t(`export.import.problem.${problem.code}`, problem.values ?? {})}
      <TechnicalDetails detail={problem.detail ?? ''} />
    </li>
  );
}
