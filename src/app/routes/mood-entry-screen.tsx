import { useTranslation } from 'react-i18next';
import { useCallback, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { MoodCheckIn } from '../../features/mood/index.ts';
import { formatDay, isDay, type Day } from '../../lib/dates/day.ts';
import { useToday } from '../../lib/dates/use-today.ts';
import { Page } from '../../ui/page.tsx';

/**
 * /mood/entry/:date? — without a date the check-in is for today; ?id= edits an existing one. An address
 * whose date is not a day, or a day still to come, says so rather than quietly checking in for today.
 * Without a date it is today's until the person starts it, and that day's from then on: a check-in
 * begun before midnight keeps its day and what was typed in it when the clock passes midnight, and a
 * form left untouched overnight is for the new day.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const today = useToday();
  const { date } = useParams();
  const [params] = useSearchParams();
  const [startedOn, setStartedOn] = useState<Day | null>(null);
  const started = useCallback(() => setStartedOn((held) => held ?? today), [today]);
  if (date !== undefined && !(isDay(date) && date <= today)) {
    return (
      <Page
        title={t('screens.moodEntry.title')}
        description={
          isDay(date)
            ? t('screens.moodEntry.future', { day: formatDay(date, i18n.language) })
            : t('screens.moodEntry.notADate', { date })
        }
      >
        <Link className="button button-primary" to="/mood/entry">
          {t('screens.moodEntry.today')}
        </Link>
      </Page>
    );
  }
  const day = date ?? startedOn ?? today;
  return (
    <Page
      title={t('screens.moodEntry.title')}
      description={
        day === today
          ? t('screens.moodEntry.forToday')
          : t('screens.moodEntry.forDay', { day: formatDay(day, i18n.language) })
      }
    >
      <MoodCheckIn day={day} today={today} entryId={params.get('id')} onEdited={started} />
    </Page>
  );
}
