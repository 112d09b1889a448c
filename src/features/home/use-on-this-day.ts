import { useLiveQuery } from 'dexie-react-hooks';

import type { DiaryEntry } from '../../db/entities/diary-entry.ts';
import type { MoodEntry } from '../../db/entities/mood-entry.ts';
import { addDays, dayOf, isDay, type Day } from '../../lib/dates/day.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

export interface PastDay {
  day: Day;
  yearsAgo: number;
  diary: DiaryEntry[];
  moods: MoodEntry[];
}

const YEARS_BACK = 10;

/** The same calendar date in each of the last ten years that has something on it, newest first. */
export function useOnThisDay(today: Day): PastDay[] | undefined {
  const userData = useUserData();
  return useLiveQuery(async () => {
    if (!userData) return undefined;
    const { db } = userData;
    const year = Number(today.slice(0, 4));
    const monthDay = today.slice(4);
    const found: PastDay[] = [];
    for (let yearsAgo = 1; yearsAgo <= YEARS_BACK; yearsAgo += 1) {
      const day = `${year - yearsAgo}${monthDay}`;
      // 29 February has no twin in most years.
      if (!isDay(day)) continue;
      const [diary, moods] = await Promise.all([
        db.diary_entries
          .where('day')
          .equals(day)
          .filter((entry) => entry.deleted_at === null)
          .toArray(),
        db.mood_entries
          .where('moment')
          .between(`${addDays(day, -2)}T`, `${addDays(day, 2)}T\uffff`)
          .filter((entry) => entry.deleted_at === null && dayOf(entry.moment, entry.time_zone) === day)
          .toArray(),
      ]);
      if (diary.length > 0 || moods.length > 0) found.push({ day, yearsAgo, diary, moods });
    }
    return found;
  }, [userData, today]);
}
