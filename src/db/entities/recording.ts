import { z } from 'zod';

import { deletedAtSchema, idSchema, instantSchema } from './common.ts';

/**
 * A stretch of a transcript with its timing in seconds from the start of the recording, and the speaker
 * where the service tells speakers apart. Exports turn these into WebVTT.
 */
export const transcriptSegmentSchema = z
  .strictObject({
    start: z.number().min(0),
    end: z.number().min(0),
    text: z.string().max(10_000),
    speaker: z.string().min(1).max(100).optional(),
  })
  .refine((segment) => segment.end >= segment.start, { message: 'A segment cannot end before it starts' });
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

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
  /** The transcript's timings; empty when the service gave none or nothing was transcribed yet. */
  segments: z.array(transcriptSegmentSchema).max(20_000),
  created_at: instantSchema,
  deleted_at: deletedAtSchema,
});
export type Recording = z.infer<typeof recordingSchema>;
