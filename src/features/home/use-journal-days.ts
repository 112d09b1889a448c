import type { Day } from '../../lib/dates/day.ts';
import { usePacedLiveQuery } from '../../lib/live-query/use-paced-live-query.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { readJournalDays } from './journal-days.ts';
import { deviceTimeZone } from '../../lib/dates/time-zone.ts';

/**
 * Every day that has a mood check-in, a diary entry or a note, read live. Reading years of entries
 * takes a while on a slow phone, so the read is paced (a sync's commits do not start it over and
 * over), and when the screen goes (someone taps elsewhere at once) it stops rather than compete with
 * the next screen's start.
 */
export function useJournalDays(): Set<Day> | undefined {
  return usePacedLiveQuery(
    useUserData()?.db,
    ['diary_entries', 'mood_entries', 'notes'],
    (db, signal) => readJournalDays(db, deviceTimeZone(), signal),
    [],
  );
}
