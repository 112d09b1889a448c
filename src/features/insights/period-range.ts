import { addDays, type Day } from '../../lib/dates/day.ts';
import type { Period } from './insights-types.ts';

export interface DayRange {
  start: Day;
  end: Day;
}

const LENGTHS: Record<Exclude<Period, 'all'>, number> = { week: 7, month: 30, year: 365 };

/**
 * Periods are rolling windows ending today (the last 7, 30 or 365 days), as Daylio's "last 30 days";
 * the previous period is the window of the same length just before. All time starts at the first
 * day with data and has no previous period. Null when all time has no data.
 */
export function periodRange(
  period: Period,
  today: Day,
  firstDay: Day | null,
): { range: DayRange | null; previous: DayRange | null } {
  if (period === 'all') {
    if (firstDay === null) return { range: null, previous: null };
    return { range: { start: firstDay < today ? firstDay : today, end: today }, previous: null };
  }
  const length = LENGTHS[period];
  const start = addDays(today, -(length - 1));
  return {
    range: { start, end: today },
    previous: { start: addDays(start, -length), end: addDays(start, -1) },
  };
}

export function inRange(day: Day, range: DayRange | null): boolean {
  return range !== null && day >= range.start && day <= range.end;
}
