import type { Day } from '../../lib/dates/day.ts';
import type { Weekday } from '../../lib/i18n/locale-format.ts';

/**
 * What the statistics read: plain rows, already stripped of deleted ones and of everything the
 * statistics never look at, so they cross to the worker as small structured clones.
 */
export interface InsightsInput {
  moods: readonly {
    moment: string;
    time_zone: string;
    level: number;
    activities: readonly string[];
    note: string;
  }[];
  diary: readonly { day: Day; title: string; body: string }[];
  /** Locked notes are left out before they get here: a lock means their text is not read. */
  notes: readonly { created_at: string; title: string; body: string }[];
  recordings: readonly { created_at: string; duration_ms: number; transcript: string }[];
}

export type Period = 'week' | 'month' | 'year' | 'all';

export interface InsightsOptions {
  period: Period;
  today: Day;
  /** The device's zone: notes and recordings carry no zone of their own, so they count in this one. */
  localZone: string;
  /** The locale's first day of the week (ISO, 1 = Monday). */
  weekStart: Weekday;
  /** Year in Pixels shows this calendar year. */
  pixelYear: number;
}

export interface DayMood {
  day: Day;
  mean: number;
  high: number;
  low: number;
  count: number;
}

export interface Average {
  /** null when no check-in falls into the group. */
  mean: number | null;
  count: number;
}

export interface ActivityLink {
  activity: string;
  /** Days in the period with a check-in naming the activity. */
  days: number;
  /** Of those, days whose mean mood was good (≥ 4) and bad (≤ 2). */
  goodDays: number;
  badDays: number;
  /** Fewer than MIN_ACTIVITY_DAYS days: shown, but not ranked as going with good or bad days. */
  tooLittle: boolean;
}

export interface InsightsResult {
  range: { start: Day; end: Day } | null;
  previousRange: { start: Day; end: Day } | null;
  daily: DayMood[];
  mean: number | null;
  previousMean: number | null;
  checkIns: number;
  /** Seven entries in the locale's week order. */
  byWeekday: (Average & { weekday: Weekday })[];
  /** Twelve entries, January first. */
  byMonth: (Average & { month: number })[];
  /** Five entries, level 1 first; previous is null when there is no previous period (all time). */
  distribution: { level: number; count: number; previous: number | null }[];
  /** One calendar year; firstYear is the year of the earliest check-in (null without any). */
  pixels: { year: number; firstYear: number | null; days: { day: Day; level: number | null }[] };
  activities: {
    good: ActivityLink[];
    bad: ActivityLink[];
    all: ActivityLink[];
    /** Mood days in the period, and whether there are too few to draw anything from. */
    moodDays: number;
    tooLittle: boolean;
  };
  streak: { current: number; longest: number };
  writing: {
    words: number;
    entries: { moods: number; diary: number; notes: number; recordings: number };
    recordingMinutes: number;
  };
  /** 24 entries, hour 0 first: check-ins by the hour on their own clock. */
  byHour: (Average & { hour: number })[];
}
