import { useTranslation } from 'react-i18next';

import { DiaryList } from '../../features/diary/diary-list.tsx';
import { useToday } from '../../lib/dates/use-today.ts';
import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  const today = useToday();
  return (
    <Page title={t('screens.diary.title')} description={t('screens.diary.description')}>
      <DiaryList today={today} />
    </Page>
  );
}
