import { z } from 'zod';

import { deletedAtSchema, idSchema, instantSchema, tagSchema, timeZoneSchema } from './common.ts';

/** A mood check-in: a moment (with its time zone), a level 1–5, what the user was doing, a note. */
export const moodEntrySchema = z.strictObject({
  id: idSchema,
  moment: instantSchema,
  time_zone: timeZoneSchema,
  level: z.number().int().min(1).max(5),
  activities: z.array(tagSchema).max(30),
  note: z.string().max(10_000),
  created_at: instantSchema,
  deleted_at: deletedAtSchema,
});
export type MoodEntry = z.infer<typeof moodEntrySchema>;
