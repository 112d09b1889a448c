import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { DiaryEditor } from '../../features/diary/index.ts';
import { Page } from '../../ui/page.tsx';

/** /diary/:id — one diary entry, saved while typing. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Page title={t('diary.editTitle')}>
      <DiaryEditor id={id} />
    </Page>
  );
}
