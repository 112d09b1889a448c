import { useLiveQuery } from 'dexie-react-hooks';

import { dayOf, type Day } from '../../lib/dates/day.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** Every day that has a mood check-in, a diary entry or a note, read live. */
export function useJournalDays(): Set<Day> | undefined {
  const userData = useUserData();
  return useLiveQuery(async () => {
    if (!userData) return undefined;
    const { db } = userData;
    const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const days = new Set<Day>();
    await Promise.all([
      db.diary_entries.each((entry) => {
        if (entry.deleted_at === null) days.add(entry.day);
      }),
      db.mood_entries.each((entry) => {
        if (entry.deleted_at === null) days.add(dayOf(entry.moment, entry.time_zone));
      }),
      db.notes.each((note) => {
        if (note.deleted_at === null) days.add(dayOf(note.created_at, localZone));
      }),
    ]);
    return days;
  }, [userData]);
}
