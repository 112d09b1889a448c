import { addDays, dayAsUtcDate, type Day } from '../../lib/dates/day.ts';
import type { Weekday } from '../../lib/i18n/locale-format.ts';
import type { Average, DayMood, InsightsResult } from './insights-types.ts';
import type { DayRange } from './period-range.ts';

/** A check-in placed on its own clock: the day and hour in the zone it was made in. */
export interface PlacedMood {
  day: Day;
  hour: number;
  level: number;
  activities: readonly string[];
}

function average(sum: number, count: number): number | null {
  return count === 0 ? null : sum / count;
}

/** Sums and counts of levels by a small integer key (weekday, month, hour). */
class Tally {
  readonly sums: number[];
  readonly counts: number[];
  constructor(size: number) {
    this.sums = new Array<number>(size).fill(0);
    this.counts = new Array<number>(size).fill(0);
  }
  add(key: number, level: number): void {
    this.sums[key] = (this.sums[key] ?? 0) + level;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }
  count(key: number): number {
    return this.counts[key] ?? 0;
  }
  mean(key: number): number | null {
    return average(this.sums[key] ?? 0, this.count(key));
  }
}

/** Each day's mean, high and low, oldest day first; days without a check-in are left out. */
export function dailyMoods(moods: readonly PlacedMood[]): DayMood[] {
  const byDay = new Map<Day, { sum: number; high: number; low: number; count: number }>();
  for (const { day, level } of moods) {
    const seen = byDay.get(day);
    if (seen) {
      seen.sum += level;
      seen.count += 1;
      seen.high = Math.max(seen.high, level);
      seen.low = Math.min(seen.low, level);
    } else byDay.set(day, { sum: level, high: level, low: level, count: 1 });
  }
  return [...byDay.entries()]
    .map(([day, { sum, high, low, count }]) => ({ day, mean: sum / count, high, low, count }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

export function meanMood(moods: readonly PlacedMood[]): number | null {
  let sum = 0;
  for (const { level } of moods) sum += level;
  return average(sum, moods.length);
}

function isoWeekday(day: Day): Weekday {
  const weekday = dayAsUtcDate(day).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as Weekday;
}

/** Mean mood by weekday, in the locale's week order (its first day first). */
export function byWeekday(moods: readonly PlacedMood[], weekStart: Weekday): InsightsResult['byWeekday'] {
  const tally = new Tally(8);
  for (const { day, level } of moods) tally.add(isoWeekday(day), level);
  return Array.from({ length: 7 }, (_, index) => {
    const weekday = (((weekStart - 1 + index) % 7) + 1) as Weekday;
    return { weekday, mean: tally.mean(weekday), count: tally.count(weekday) };
  });
}

/** Mean mood by calendar month (January = 1), over whatever years the check-ins span. */
export function byMonth(moods: readonly PlacedMood[]): InsightsResult['byMonth'] {
  const tally = new Tally(13);
  for (const { day, level } of moods) tally.add(Number(day.slice(5, 7)), level);
  return Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    mean: tally.mean(index + 1),
    count: tally.count(index + 1),
  }));
}

function levelCounts(moods: readonly PlacedMood[]): number[] {
  const tally = new Tally(6);
  for (const { level } of moods) tally.add(level, level);
  return [1, 2, 3, 4, 5].map((level) => tally.count(level));
}

/** How many check-ins had each level, beside the same count for the previous period. */
export function distribution(
  moods: readonly PlacedMood[],
  previous: readonly PlacedMood[] | null,
): InsightsResult['distribution'] {
  const now = levelCounts(moods);
  const before = previous ? levelCounts(previous) : null;
  return now.map((count, index) => ({ level: index + 1, count, previous: before?.[index] ?? null }));
}

/** Check-ins by the hour on the clock of the zone they were made in. */
export function byHour(moods: readonly PlacedMood[]): (Average & { hour: number })[] {
  const tally = new Tally(24);
  for (const { hour, level } of moods) tally.add(hour, level);
  return Array.from({ length: 24 }, (_, hour) => ({
    hour,
    count: tally.count(hour),
    mean: tally.mean(hour),
  }));
}

/**
 * Year in Pixels: every day of the calendar year with its mean mood rounded to a level (null for
 * days without a check-in). Rounding halves up, so a day of 'bad' and 'okay' shows as 'okay'.
 */
export function yearPixels(
  daily: readonly DayMood[],
  year: number,
  firstYear: number | null,
): InsightsResult['pixels'] {
  const means = new Map(daily.map((entry) => [entry.day, entry.mean] as const));
  const days: { day: Day; level: number | null }[] = [];
  const range: DayRange = { start: `${year}-01-01`, end: `${year}-12-31` };
  for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
    const mean = means.get(day);
    days.push({ day, level: mean === undefined ? null : Math.floor(mean + 0.5) });
  }
  return { year, firstYear, days };
}
