import { useTranslation } from 'react-i18next';

import { DiaryList } from '../../features/diary/index.ts';
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
