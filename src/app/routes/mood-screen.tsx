import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { MoodDay } from '../../features/mood/index.ts';
import { isDay } from '../../lib/dates/day.ts';
import { useToday } from '../../lib/dates/use-today.ts';
import { Page } from '../../ui/page.tsx';

/** /mood — the day's mood and diary together; ?day=YYYY-MM-DD opens another day. */
export function Component() {
  const { t } = useTranslation();
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const asked = params.get('day');
  const day = isDay(asked) && asked <= today ? asked : today;
  return (
    <Page title={t('screens.mood.title')} description={t('screens.mood.description')}>
      <MoodDay
        day={day}
        today={today}
        onDayChange={(next) => setParams(next === today ? {} : { day: next }, { replace: true })}
      />
    </Page>
  );
}
