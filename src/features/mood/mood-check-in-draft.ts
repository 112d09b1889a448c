// The check-in form's values, and what of them the device keeps until Save (ADR 0104).
import { z } from 'zod';

import type { Stored } from '../../db/entities/common.ts';
import { moodEntrySchema, type MoodEntry } from '../../db/entities/mood-entry.ts';
import type { Day } from '../../lib/dates/day.ts';
import type { MoodLevel } from './mood-levels.ts';

function timeOf(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export interface Draft {
  level: MoodLevel | null;
  activities: string[];
  note: string;
  time: string;
}

export function draftFor(entry: MoodEntry | undefined, day: Day, today: Day, now: Date): Draft {
  if (entry) {
    return {
      level: entry.level as MoodLevel,
      activities: entry.activities,
      note: entry.note,
      time: timeOf(new Date(entry.moment)),
    };
  }
  return { level: null, activities: [], note: '', time: day === today ? timeOf(now) : '12:00' };
}

const hlcSchema = z.string().max(80);

/**
 * What the form showed of a saved check-in's note and activities when it opened, with their HLCs: the
 * base its save is planned against (R37). Kept with an unsaved draft, so a draft restored after another
 * device changed the entry still merges with that change rather than overwrite it.
 */
const checkInBaseSchema = z.strictObject({
  note: z.strictObject({ value: moodEntrySchema.shape.note, hlc: hlcSchema }).optional(),
  activities: z.strictObject({ value: moodEntrySchema.shape.activities, hlc: hlcSchema }).optional(),
});
export type CheckInBase = z.infer<typeof checkInBaseSchema>;

/** The base a form's save may carry; what is not a check-in's note or activities is left out. */
export function keptBase(seen: Readonly<Record<string, unknown>>): CheckInBase {
  const parsed = checkInBaseSchema.safeParse(seen);
  return parsed.success ? parsed.data : {};
}

/** The base a form opened on a saved check-in starts from: its stored note and activities. */
export function checkInBase(entry: Stored<MoodEntry>): CheckInBase {
  return {
    note: { value: entry.note, hlc: entry._sync.hlc['note'] ?? '' },
    activities: { value: entry.activities, hlc: entry._sync.hlc['activities'] ?? '' },
  };
}

/**
 * What the device keeps of an unsaved check-in: the form's fields, the time only when it was changed
 * (an untouched new check-in takes the time it is opened again), and for a saved check-in the base the
 * form opened with.
 */
export const keptCheckInSchema = z.strictObject({
  level: moodEntrySchema.shape.level.nullable(),
  activities: moodEntrySchema.shape.activities,
  note: moodEntrySchema.shape.note,
  time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .optional(),
  seen: checkInBaseSchema.optional(),
});
export type KeptCheckIn = z.infer<typeof keptCheckInSchema>;

export function keptDraftKey(entryId: string | undefined, day: Day): string {
  return entryId ? `mood:${entryId}` : `mood:new:${day}`;
}

export function restoredDraft(opened: Draft, kept: KeptCheckIn | null): Draft {
  if (!kept) return opened;
  return { ...opened, ...kept, level: kept.level as MoodLevel | null, time: kept.time ?? opened.time };
}

/**
 * The part of `draft` worth keeping, with the base `seen` the form's save is planned against, or null
 * when it is what the form opened with.
 */
export function worthKeeping(draft: Draft, opened: Draft, seen: CheckInBase = {}): KeptCheckIn | null {
  const same =
    draft.level === opened.level &&
    draft.note === opened.note &&
    draft.time === opened.time &&
    draft.activities.join('\u0000') === opened.activities.join('\u0000');
  if (same) return null;
  return {
    level: draft.level,
    activities: draft.activities,
    note: draft.note,
    ...(draft.time === opened.time ? {} : { time: draft.time }),
    ...(Object.keys(seen).length > 0 ? { seen } : {}),
  };
}
