import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { TechnicalDetails } from '../../ui/technical-details.tsx';
import { errorText } from './error-text.ts';
import { ImportProblemLine } from './import-problem-line.tsx';
import type { ImportErrorCode, ImportFileError as ImportFileErrorClass } from './core/import-error.ts';
import type { ImportPlan } from './core/import-plan.ts';
import type { ImportPreview } from './core/prepare-import.ts';
import styles from './export-import.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'preview'; plan: ImportPlan; preview: ImportPreview; withSettings: boolean }
  | { kind: 'importing' }
  | { kind: 'done'; added: number; skipped: number }
  | { kind: 'error'; message: string; detail: string };

const TABLES = ['notes', 'diary_entries', 'mood_entries', 'recordings'] as const;

/** Problems whose message already names their detail (a version, the columns found). */
const DETAIL_IN_MESSAGE: ReadonlySet<ImportErrorCode> = new Set([
  'wrongVersion',
  'dayOneVersion',
  'csvColumns',
]);

/**
 * A problem in the user's words (export.import.errors.*), with the reader's own English words as the
 * secondary technical detail where the message does not already say them.
 */
function importError(
  error: unknown,
  fileError: typeof ImportFileErrorClass,
  t: TFunction,
): { message: string; detail: string } {
  if (error instanceof fileError) {
    return {
      message: t(`export.import.errors.${error.code}`, { detail: error.detail }),
      detail: DETAIL_IN_MESSAGE.has(error.code) ? '' : error.detail,
    };
  }
  return { message: t('export.import.errors.unreadable'), detail: errorText(error) };
}

export function ImportSection({ userData }: { userData: UserData }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const read = async (file: File) => {
    setState({ kind: 'reading' });
    // The readers (and the zip library) load only when a file is chosen.
    const [{ readImportFile, previewImport, importContextFor }, { ImportFileError }] = await Promise.all([
      import('./core/prepare-import.ts'),
      import('./core/import-error.ts'),
    ]);
    try {
      // The file is read where it lies (a zip by its directory), never copied into memory whole.
      const plan = await readImportFile(file.name, file, await importContextFor(userData.db));
      setState({
        kind: 'preview',
        plan,
        preview: await previewImport(userData.db, plan),
        withSettings: false,
      });
    } catch (error) {
      setState({ kind: 'error', ...importError(error, ImportFileError, t) });
    }
  };

  const apply = async (plan: ImportPlan, withSettings: boolean) => {
    setState({ kind: 'importing' });
    const [{ applyImport }, { ImportFileError }] = await Promise.all([
      import('./core/prepare-import.ts'),
      import('./core/import-error.ts'),
    ]);
    try {
      const result = await applyImport(userData.commands, plan, withSettings);
      setState({ kind: 'done', ...result });
    } catch (error) {
      // Damaged audio is found only now, while it is read: said as plainly as at reading time.
      const { message, detail } = importError(error, ImportFileError, t);
      setState({ kind: 'error', message: t('export.import.failed', { message }), detail });
    }
  };

  const newCount =
    state.kind === 'preview' ? TABLES.reduce((n, table) => n + (state.preview.counts[table] ?? 0), 0) : 0;

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('export.import.title')}</legend>
      <div className={styles.field}>
        <label htmlFor={inputId}>{t('export.import.choose')}</label>
        <input
          id={inputId}
          type="file"
          accept=".zip,.json,.csv,application/zip,application/json,text/csv"
          aria-describedby={`${inputId}-hint`}
          disabled={state.kind === 'reading' || state.kind === 'importing'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void read(file);
          }}
        />
        <span id={`${inputId}-hint`} className={styles.hint}>
          {t('export.import.hint')}
        </span>
      </div>
      <div aria-live="polite">
        {state.kind === 'reading' ? <p>{t('export.import.reading')}</p> : null}
        {state.kind === 'importing' ? <p>{t('export.import.importing')}</p> : null}
        {state.kind === 'done' ? (
          <p role="status">{t('export.import.done', { added: state.added, skipped: state.skipped })}</p>
        ) : null}
      </div>
      {state.kind === 'error' ? (
        <div role="alert">
          <p>{state.message}</p>
          <TechnicalDetails detail={state.detail} />
        </div>
      ) : null}
      {state.kind === 'preview' ? (
        <section aria-labelledby={`${inputId}-preview`} data-testid="import-preview">
          <h3 id={`${inputId}-preview`}>
            {t('export.import.previewTitle', { source: t(`export.import.sources.${state.plan.source}`) })}
          </h3>
          {newCount === 0 ? (
            <p>{t('export.import.nothingNew')}</p>
          ) : (
            <ul>
              {TABLES.filter((table) => (state.preview.counts[table] ?? 0) > 0).map((table) => (
                <li key={table}>
                  {t(`export.import.counts.${table}`, {
                    count: state.preview.counts[table],
                    withAudio: state.preview.withAudio,
                  })}
                </li>
              ))}
            </ul>
          )}
          {state.preview.existing > 0 ? (
            <p>{t('export.import.existing', { count: state.preview.existing })}</p>
          ) : null}
          {state.plan.problems.length > 0 ? (
            <details>
              <summary>{t('export.import.problems', { count: state.plan.problems.length })}</summary>
              <ul>
                {state.plan.problems.map((problem, index) => (
                  <ImportProblemLine key={index} problem={problem} />
                ))}
              </ul>
            </details>
          ) : null}
          {state.plan.settings ? (
            <label>
              <input
                type="checkbox"
                checked={state.withSettings}
                onChange={(event) => setState({ ...state, withSettings: event.target.checked })}
              />{' '}
              {t('export.import.applySettings')}
            </label>
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className="button button-primary"
              disabled={newCount === 0 && !state.withSettings}
              onClick={() => void apply(state.plan, state.withSettings)}
            >
              {t('export.import.confirm')}
            </button>
            <button type="button" className="button" onClick={() => setState({ kind: 'idle' })}>
              {t('export.import.cancel')}
            </button>
          </div>
        </section>
      ) : null}
    </fieldset>
  );
}
