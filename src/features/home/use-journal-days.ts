import { useLiveQuery } from 'dexie-react-hooks';

import type { Day } from '../../lib/dates/day.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { readJournalDays } from './journal-days.ts';

/** Every day that has a mood check-in, a diary entry or a note, read live. */
export function useJournalDays(): Set<Day> | undefined {
  const userData = useUserData();
  return useLiveQuery(async () => {
    if (!userData) return undefined;
    return readJournalDays(userData.db, Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, [userData]);
}
