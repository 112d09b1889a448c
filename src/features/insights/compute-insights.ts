import type { Day } from '../../lib/dates/day.ts';
import { writingStreak } from '../../lib/dates/writing-streak.ts';
import { activityLinks } from './activity-stats.ts';
import type { InsightsInput, InsightsOptions, InsightsResult } from './insights-types.ts';
import { byHour, byMonth, byWeekday, dailyMoods, distribution, meanMood, yearPixels } from './mood-stats.ts';
import type { PlacedMood } from './mood-stats.ts';
import { inRange, periodRange } from './period-range.ts';
import { writingTotals } from './writing-stats.ts';
import { zoneTime } from '../../lib/dates/time-zone.ts';

/**
 * Every statistic of /insights in one pass over the journal. Headless and pure: the screen runs it in
 * a worker, tests and worker-less environments call it directly. Each entry is placed on the day of
 * its own time zone (mood and diary) or the device's (notes, recordings), so travel and daylight
 * saving never move an entry to another day.
 */
export function computeInsights(input: InsightsInput, options: InsightsOptions): InsightsResult {
  const { today, localZone } = options;
  const placed: PlacedMood[] = input.moods.map((mood) => {
    const { day, hour } = zoneTime(mood.moment, mood.time_zone);
    return { day, hour, level: mood.level, activities: mood.activities };
  });
  const notes = input.notes.map((note) => ({ ...note, day: zoneTime(note.created_at, localZone).day }));
  const recordings = input.recordings.map((recording) => ({
    ...recording,
    day: zoneTime(recording.created_at, localZone).day,
  }));

  const journalDays = new Set<Day>();
  for (const { day } of placed) journalDays.add(day);
  for (const { day } of input.diary) journalDays.add(day);
  for (const { day } of notes) journalDays.add(day);
  let firstDay: Day | null = null;
  for (const day of journalDays) if (firstDay === null || day < firstDay) firstDay = day;

  const { range, previous } = periodRange(options.period, today, firstDay);
  const periodMoods = input.moods.filter((_, index) => inRange(placed[index]?.day ?? '', range));
  const moods = placed.filter((mood) => inRange(mood.day, range));
  const previousMoods = previous ? placed.filter((mood) => inRange(mood.day, previous)) : null;
  const daily = dailyMoods(moods);

  return {
    range,
    previousRange: previous,
    daily,
    mean: meanMood(moods),
    previousMean: previousMoods ? meanMood(previousMoods) : null,
    checkIns: moods.length,
    byWeekday: byWeekday(moods, options.weekStart),
    byMonth: byMonth(moods),
    distribution: distribution(moods, previousMoods),
    pixels: yearPixels(
      dailyMoods(placed.filter((mood) => mood.day.startsWith(`${options.pixelYear}-`))),
      options.pixelYear,
      firstMoodYear(placed),
    ),
    activities: activityLinks(moods),
    streak: writingStreak(journalDays, today),
    writing: writingTotals({
      moods: periodMoods,
      diary: input.diary.filter((entry) => inRange(entry.day, range)),
      notes: notes.filter((note) => inRange(note.day, range)),
      recordings: recordings.filter((recording) => inRange(recording.day, range)),
    }),
    byHour: byHour(moods),
  };
}

function firstMoodYear(moods: readonly PlacedMood[]): number | null {
  let first: Day | null = null;
  for (const { day } of moods) if (first === null || day < first) first = day;
  return first === null ? null : Number(first.slice(0, 4));
}
