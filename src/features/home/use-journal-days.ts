import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';

import type { Day } from '../../lib/dates/day.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { readJournalDays } from './journal-days.ts';

/**
 * Every day that has a mood check-in, a diary entry or a note, read live. Reading years of entries
 * takes a while on a slow phone; when the screen goes (someone taps elsewhere at once) the read stops
 * rather than compete with the next screen's start.
 */
export function useJournalDays(): Set<Day> | undefined {
  const userData = useUserData();
  const reading = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      reading.current?.abort();
      reading.current = null;
    },
    [],
  );
  return useLiveQuery(async () => {
    if (!userData) return undefined;
    reading.current ??= new AbortController();
    const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return readJournalDays(userData.db, localZone, reading.current.signal);
  }, [userData]);
}
