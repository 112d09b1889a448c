import { z } from 'zod';

import {
  colorSchema,
  daySchema,
  deletedAtSchema,
  fontSchema,
  fontSizeSchema,
  idSchema,
  instantSchema,
  timeZoneSchema,
} from './common.ts';

/** A diary entry belongs to a calendar day in the time zone it was written in. */
export const diaryEntrySchema = z.strictObject({
  id: idSchema,
  day: daySchema,
  time_zone: timeZoneSchema,
  title: z.string().max(500),
  body: z.string().max(1_000_000),
  font: fontSchema,
  color: colorSchema,
  font_size: fontSizeSchema,
  created_at: instantSchema,
  deleted_at: deletedAtSchema,
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;
