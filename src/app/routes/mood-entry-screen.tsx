import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { Page } from '../../ui/page.tsx';

/** /mood/entry/:date? — without a date the check-in is for today. */
export function Component() {
  const { t } = useTranslation();
  const { date } = useParams();
  const day = date && !Number.isNaN(Date.parse(date)) ? date : null;
  return (
    <Page
      title={t('screens.moodEntry.title')}
      description={day ? t('screens.moodEntry.forDay', { day }) : t('screens.moodEntry.forToday')}
    />
  );
}
