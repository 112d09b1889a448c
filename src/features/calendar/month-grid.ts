import { addDays, dayAsUtcDate, type Day } from '../../lib/dates/day.ts';
import type { Weekday } from '../../lib/i18n/locale-format.ts';

/** 'YYYY-MM' */
export type Month = string;

export function monthOf(day: Day): Month {
  return day.slice(0, 7);
}

export function firstOfMonth(month: Month): Day {
  return `${month}-01`;
}

export function addMonths(month: Month, count: number): Month {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, monthNumber - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

function daysInMonth(month: Month): number {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** ISO weekday of a day: 1 = Monday … 7 = Sunday. */
function isoWeekday(day: Day): Weekday {
  const weekday = dayAsUtcDate(day).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as Weekday;
}

/** The first day of the week `day` is in, for a week starting on `weekStart`. */
export function startOfWeek(day: Day, weekStart: Weekday): Day {
  const back = (isoWeekday(day) - weekStart + 7) % 7;
  return addDays(day, -back);
}

/**
 * The weeks that show `month`: full weeks from the one holding the 1st to the one holding the last
 * day, starting on the locale's first weekday. Days of neighbouring months fill the edges.
 */
export function monthGrid(month: Month, weekStart: Weekday): Day[][] {
  const first = firstOfMonth(month);
  const last = addDays(first, daysInMonth(month) - 1);
  const weeks: Day[][] = [];
  for (let start = startOfWeek(first, weekStart); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(start, index)));
  }
  return weeks;
}

/** The same day of the month `count` months away, clamped to that month's length. */
export function sameDayInMonth(day: Day, count: number): Day {
  const target = addMonths(monthOf(day), count);
  const dayOfMonth = Math.min(Number(day.slice(8, 10)), daysInMonth(target));
  return `${target}-${String(dayOfMonth).padStart(2, '0')}`;
}

/**
 * Where focus goes for a key in the WAI-ARIA date grid pattern: arrows by day and week, Home/End to the
 * week's ends, PageUp/PageDown by month (with Shift, by year). Null for any other key.
 */
export function dayForKey(day: Day, key: string, shift: boolean, weekStart: Weekday): Day | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return startOfWeek(day, weekStart);
    case 'End':
      return addDays(startOfWeek(day, weekStart), 6);
    case 'PageUp':
      return sameDayInMonth(day, shift ? -12 : -1);
    case 'PageDown':
      return sameDayInMonth(day, shift ? 12 : 1);
    default:
      return null;
  }
}
