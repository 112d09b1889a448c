import { addDays, type Day } from './day.ts';

export interface Streak {
  /** Consecutive days with an entry, ending today — or yesterday while today is still empty. */
  current: number;
  longest: number;
}

/**
 * Streaks count the days entries belong to, not the days they were typed: an entry written later for a
 * missed day fills that day (back-filling, as Daylio does).
 */
export function writingStreak(days: ReadonlySet<Day>, today: Day): Streak {
  let end = days.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (days.has(end)) {
    current += 1;
    end = addDays(end, -1);
  }
  let longest = 0;
  for (const day of days) {
    if (days.has(addDays(day, -1))) continue; // not the start of a run
    let length = 0;
    for (let cursor = day; days.has(cursor); cursor = addDays(cursor, 1)) length += 1;
    longest = Math.max(longest, length);
  }
  return { current, longest };
}
