import { useTranslation } from 'react-i18next';
import { useOutlet } from 'react-router-dom';

import { DiaryList, NoDiaryEntryOpen } from '../../features/diary/index.ts';
import { useToday } from '../../lib/dates/use-today.ts';
import { useOpenedEntryKey } from '../routing/use-opened-entry-key.ts';
import { ListDetail } from '../../ui/list-detail.tsx';
import { Page } from '../../ui/page.tsx';

/** /diary, and beside it the open entry (/diary/:id, the outlet). */
export function Component() {
  const { t } = useTranslation();
  const today = useToday();
  const entry = useOutlet();
  const openKey = useOpenedEntryKey();
  return (
    <ListDetail
      list={
        <Page title={t('screens.diary.title')} description={t('screens.diary.description')}>
          <DiaryList today={today} />
        </Page>
      }
      detail={entry}
      openKey={openKey}
      empty={<NoDiaryEntryOpen />}
      loadingLabel={t('common.loading')}
    />
  );
}
