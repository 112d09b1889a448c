// The check-in form's values, and what of them the device keeps until Save (ADR 0104).
import { z } from 'zod';

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

/**
 * What the device keeps of an unsaved check-in: the form's fields, the time only when it was changed
 * (an untouched new check-in takes the time it is opened again).
 */
export const keptCheckInSchema = z.strictObject({
  level: moodEntrySchema.shape.level.nullable(),
  activities: moodEntrySchema.shape.activities,
  note: moodEntrySchema.shape.note,
  time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .optional(),
});
export type KeptCheckIn = z.infer<typeof keptCheckInSchema>;

export function keptDraftKey(entryId: string | undefined, day: Day): string {
  return entryId ? `mood:${entryId}` : `mood:new:${day}`;
}

export function restoredDraft(opened: Draft, kept: KeptCheckIn | null): Draft {
  if (!kept) return opened;
  return { ...opened, ...kept, level: kept.level as MoodLevel | null, time: kept.time ?? opened.time };
}

/** The part of `draft` worth keeping, or null when it is what the form opened with. */
export function worthKeeping(draft: Draft, opened: Draft): KeptCheckIn | null {
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
  };
}
