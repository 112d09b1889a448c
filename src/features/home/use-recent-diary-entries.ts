import { useLiveQuery } from 'dexie-react-hooks';

import type { DiaryEntry } from '../../db/entities/diary-entry.ts';
import type { Day } from '../../lib/dates/day.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** The latest diary entries from before today, newest day first, read from the day index. */
export function useRecentDiaryEntries(today: Day, count: number): DiaryEntry[] | undefined {
  const userData = useUserData();
  return useLiveQuery(async () => {
    if (!userData) return undefined;
    return userData.db.diary_entries
      .where('day')
      .below(today)
      .reverse()
      .filter((entry) => entry.deleted_at === null)
      .limit(count)
      .toArray();
  }, [userData, today, count]);
}
