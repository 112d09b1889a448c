import { useTranslation } from 'react-i18next';

import { CalendarMonth } from '../../features/calendar/index.ts';
import { useToday } from '../../lib/dates/use-today.ts';
import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  const today = useToday();
  return (
    <Page title={t('screens.calendar.title')} description={t('screens.calendar.description')}>
      <CalendarMonth today={today} />
    </Page>
  );
}
