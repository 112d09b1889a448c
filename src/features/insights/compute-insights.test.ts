import { describe, expect, it } from 'vitest';

import { computeInsights } from './compute-insights.ts';
import type { InsightsInput, InsightsOptions } from './insights-types.ts';

const EMPTY: InsightsInput = { moods: [], diary: [], notes: [], recordings: [] };
const OPTIONS: InsightsOptions = {
  period: 'month',
  today: '2026-11-22',
  localZone: 'Europe/Berlin',
  weekStart: 1,
  pixelYear: 2026,
};

function mood(
  moment: string,
  level: number,
  activities: string[] = [],
  time_zone = 'Europe/Berlin',
  note = '',
) {
  return { moment, time_zone, level, activities, note };
}

describe('insights statistics', () => {
  it('shows nothing, not zeros pretending to be moods, when there is no data', () => {
    const result = computeInsights(EMPTY, OPTIONS);
    expect(result.daily).toEqual([]);
    expect(result.mean).toBeNull();
    expect(result.previousMean).toBeNull();
    expect(result.checkIns).toBe(0);
    expect(result.byWeekday.every((entry) => entry.mean === null && entry.count === 0)).toBe(true);
    expect(result.distribution.map((entry) => entry.count)).toEqual([0, 0, 0, 0, 0]);
    expect(result.pixels.days).toHaveLength(365);
    expect(result.pixels.days.every((entry) => entry.level === null)).toBe(true);
    expect(result.activities).toEqual({ good: [], bad: [], all: [], moodDays: 0, tooLittle: true });
    expect(result.streak).toEqual({ current: 0, longest: 0 });
    expect(result.writing).toEqual({
      words: 0,
      entries: { moods: 0, diary: 0, notes: 0, recordings: 0 },
      recordingMinutes: 0,
    });
    expect(computeInsights(EMPTY, { ...OPTIONS, period: 'all' }).range).toBeNull();
  });

  it('turns one check-in into one day, one weekday, one month, one pixel and one hour', () => {
    // 2026-11-21 is a Saturday; 09:15 in Berlin.
    const input = {
      ...EMPTY,
      moods: [mood('2026-11-21T08:15:00.000Z', 4, ['Reading'], undefined, 'A slow morning')],
    };
    const result = computeInsights(input, OPTIONS);
    expect(result.daily).toEqual([{ day: '2026-11-21', mean: 4, high: 4, low: 4, count: 1 }]);
    expect(result.mean).toBe(4);
    expect(result.byWeekday.map((entry) => entry.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(result.byWeekday.find((entry) => entry.weekday === 6)).toEqual({ weekday: 6, mean: 4, count: 1 });
    expect(result.byMonth[10]).toEqual({ month: 11, mean: 4, count: 1 });
    expect(result.distribution).toEqual([
      { level: 1, count: 0, previous: 0 },
      { level: 2, count: 0, previous: 0 },
      { level: 3, count: 0, previous: 0 },
      { level: 4, count: 1, previous: 0 },
      { level: 5, count: 0, previous: 0 },
    ]);
    expect(result.pixels.days.find((entry) => entry.day === '2026-11-21')?.level).toBe(4);
    expect(result.byHour[9]).toEqual({ hour: 9, mean: 4, count: 1 });
    expect(result.streak).toEqual({ current: 1, longest: 1 });
    expect(result.writing.words).toBe(3);
    expect(result.activities.all).toEqual([
      { activity: 'reading', days: 1, goodDays: 1, badDays: 0, tooLittle: true },
    ]);
    expect(result.activities.good).toEqual([]);
  });

  it('keeps each day’s high and low and compares with the previous period', () => {
    const input = {
      ...EMPTY,
      moods: [
        mood('2026-11-20T07:00:00.000Z', 2),
        mood('2026-11-20T19:00:00.000Z', 5),
        mood('2026-11-20T12:00:00.000Z', 3),
        mood('2026-10-01T12:00:00.000Z', 1), // 52 days back: the previous 30-day window
        mood('2026-09-01T12:00:00.000Z', 5), // outside both windows
      ],
    };
    const result = computeInsights(input, OPTIONS);
    expect(result.daily).toEqual([{ day: '2026-11-20', mean: 10 / 3, high: 5, low: 2, count: 3 }]);
    expect(result.range).toEqual({ start: '2026-10-24', end: '2026-11-22' });
    expect(result.previousRange).toEqual({ start: '2026-09-24', end: '2026-10-23' });
    expect(result.previousMean).toBe(1);
    expect(result.distribution.map((entry) => entry.previous)).toEqual([1, 0, 0, 0, 0]);
    const week = computeInsights(input, { ...OPTIONS, period: 'week' });
    expect(week.range).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    const all = computeInsights(input, { ...OPTIONS, period: 'all' });
    expect(all.range).toEqual({ start: '2026-09-01', end: '2026-11-22' });
    expect(all.previousMean).toBeNull();
    expect(all.distribution.every((entry) => entry.previous === null)).toBe(true);
    expect(all.byMonth.filter((entry) => entry.count > 0).map((entry) => entry.month)).toEqual([9, 10, 11]);
  });

  it('orders weekdays from the locale’s first day', () => {
    const result = computeInsights(EMPTY, { ...OPTIONS, weekStart: 7 });
    expect(result.byWeekday.map((entry) => entry.weekday)).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });

  it('places a check-in on the day and hour of the zone it was made in, across a time-zone change', () => {
    // The same instant: 22:00 on the 19th in New York, 04:00 on the 20th in Berlin.
    const instant = '2026-11-20T03:00:00.000Z';
    const result = computeInsights(
      { ...EMPTY, moods: [mood(instant, 2, [], 'America/New_York'), mood(instant, 5, [], 'Europe/Berlin')] },
      OPTIONS,
    );
    expect(result.daily.map((entry) => [entry.day, entry.mean])).toEqual([
      ['2026-11-19', 2],
      ['2026-11-20', 5],
    ]);
    expect(result.byHour[22]?.count).toBe(1);
    expect(result.byHour[4]?.count).toBe(1);
    expect(result.byWeekday.find((entry) => entry.weekday === 4)?.mean).toBe(2); // Thursday
    expect(result.byWeekday.find((entry) => entry.weekday === 5)?.mean).toBe(5); // Friday
  });

  it('never moves an entry to another day at a daylight-saving change', () => {
    const moods = [
      mood('2026-03-28T23:30:00.000Z', 3), // 00:30 CET on the 29th, before clocks go forward
      mood('2026-03-29T22:30:00.000Z', 4), // 00:30 CEST on the 30th (a fixed +1 h would say the 29th)
      mood('2026-10-24T22:30:00.000Z', 5), // 00:30 CEST on the 25th, before clocks go back
      mood('2026-10-25T23:30:00.000Z', 1), // 00:30 CET on the 26th
    ];
    const result = computeInsights({ ...EMPTY, moods }, { ...OPTIONS, period: 'year' });
    expect(result.daily.map((entry) => entry.day)).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-10-25',
      '2026-10-26',
    ]);
    expect(result.byHour[0]?.count).toBe(4);
    const pixels = new Map(result.pixels.days.map((entry) => [entry.day, entry.level]));
    expect([pixels.get('2026-03-29'), pixels.get('2026-03-30'), pixels.get('2026-10-25')]).toEqual([3, 4, 5]);
  });

  it('rounds a mixed day to the nearer level for its pixel, halves up', () => {
    const moods = [mood('2026-02-01T10:00:00.000Z', 2), mood('2026-02-01T11:00:00.000Z', 3)];
    const result = computeInsights({ ...EMPTY, moods }, { ...OPTIONS, period: 'all' });
    expect(result.pixels.days.find((entry) => entry.day === '2026-02-01')?.level).toBe(3);
  });

  it('shows any earlier year in pixels and says which year the check-ins start in', () => {
    // 2024 is a leap year; New Year's Eve in Berlin is already 2025 in UTC+1 only after 23:00 UTC.
    const moods = [mood('2024-02-29T10:00:00.000Z', 5), mood('2024-12-31T23:30:00.000Z', 1)];
    const result = computeInsights({ ...EMPTY, moods }, { ...OPTIONS, pixelYear: 2024 });
    expect(result.pixels.year).toBe(2024);
    expect(result.pixels.firstYear).toBe(2024);
    expect(result.pixels.days).toHaveLength(366);
    expect(result.pixels.days.find((entry) => entry.day === '2024-02-29')?.level).toBe(5);
    expect(result.pixels.days.filter((entry) => entry.level !== null)).toHaveLength(1);
    expect(computeInsights({ ...EMPTY, moods }, { ...OPTIONS, pixelYear: 2025 }).pixels.days[0]).toEqual({
      day: '2025-01-01',
      level: 1,
    });
    expect(computeInsights(EMPTY, OPTIONS).pixels.firstYear).toBeNull();
  });

  it('links activities to good and bad days only with enough days, and says when data is thin', () => {
    const moods = [];
    // 20 days: running on 6 of them, all good; chores on 5, all bad; baking on 2 good days only.
    for (let index = 1; index <= 20; index += 1) {
      const day = `2026-11-${String(index).padStart(2, '0')}T10:00:00.000Z`;
      if (index <= 6) moods.push(mood(day, 5, index <= 2 ? ['Running', 'Baking'] : ['running']));
      else if (index <= 11) moods.push(mood(day, 1, ['Chores']));
      else moods.push(mood(day, 3, []));
    }
    // Twice on one day counts as one day.
    moods.push(mood('2026-11-01T18:00:00.000Z', 5, ['running']));
    const result = computeInsights({ ...EMPTY, moods }, OPTIONS);
    expect(result.activities.moodDays).toBe(20);
    expect(result.activities.tooLittle).toBe(false);
    expect(result.activities.good).toEqual([
      { activity: 'running', days: 6, goodDays: 6, badDays: 0, tooLittle: false },
    ]);
    expect(result.activities.bad).toEqual([
      { activity: 'chores', days: 5, goodDays: 0, badDays: 5, tooLittle: false },
    ]);
    expect(result.activities.all.find((link) => link.activity === 'baking')).toEqual({
      activity: 'baking',
      days: 2,
      goodDays: 2,
      badDays: 0,
      tooLittle: true,
    });
    const thin = computeInsights({ ...EMPTY, moods: moods.slice(0, 8) }, OPTIONS);
    expect(thin.activities.tooLittle).toBe(true);
  });

  it('counts streaks over every kind of entry, back-filled days included', () => {
    const input: InsightsInput = {
      moods: [mood('2026-11-22T09:00:00.000Z', 3)],
      diary: [{ day: '2026-11-21', title: 'Back-filled', body: '' }],
      notes: [{ created_at: '2026-11-20T12:00:00.000Z', title: '', body: 'note' }],
      recordings: [],
    };
    expect(computeInsights(input, OPTIONS).streak).toEqual({ current: 3, longest: 3 });
  });

  it('counts words, entries per kind and recording minutes in the period only', () => {
    const input: InsightsInput = {
      moods: [mood('2026-11-22T09:00:00.000Z', 3, [], undefined, 'Tired but fine.')],
      diary: [
        {
          day: '2026-11-21',
          title: 'Über den Fluss',
          body: "It's a long walk — twelve km, and I'd do it again.",
        },
        { day: '2025-01-01', title: 'Old', body: 'Not in this period at all' },
      ],
      notes: [{ created_at: '2026-11-20T12:00:00.000Z', title: 'List', body: 'eggs, milk' }],
      recordings: [
        { created_at: '2026-11-19T12:00:00.000Z', duration_ms: 90_000, transcript: 'hello there' },
        { created_at: '2026-11-18T12:00:00.000Z', duration_ms: 60_000, transcript: '' },
      ],
    };
    const { writing } = computeInsights(input, OPTIONS);
    // 3 (mood note) + 3 + 11 (diary) + 1 + 2 (note) + 2 (transcript)
    expect(writing.words).toBe(22);
    expect(writing.entries).toEqual({ moods: 1, diary: 1, notes: 1, recordings: 2 });
    expect(writing.recordingMinutes).toBe(3); // 2.5 minutes rounds up
  });
});
