import { z } from 'zod';

import { deletedAtSchema, idSchema, instantSchema } from './common.ts';

/** Metadata of a voice recording; the audio itself travels by resumable upload, not through sync. */
export const recordingSchema = z.strictObject({
  id: idSchema,
  entry_table: z.enum(['notes', 'diary_entries', 'mood_entries']).nullable(),
  entry_id: idSchema.nullable(),
  mime_type: z.string().min(1).max(100),
  size_bytes: z.number().int().min(0),
  duration_ms: z.number().int().min(0),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  storage_path: z.string().min(1).max(300),
  uploaded_at: instantSchema.nullable(),
  transcript: z.string().max(1_000_000),
  created_at: instantSchema,
  deleted_at: deletedAtSchema,
});
export type Recording = z.infer<typeof recordingSchema>;
