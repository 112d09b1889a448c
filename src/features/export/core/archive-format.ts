import { z } from 'zod';

import { instantSchema, daySchema } from '../../../db/entities/common.ts';
import type { Conflict } from '../../../db/entities/conflict.ts';
import type { DiaryEntry } from '../../../db/entities/diary-entry.ts';
import type { MoodEntry } from '../../../db/entities/mood-entry.ts';
import type { Note } from '../../../db/entities/note.ts';
import type { Recording } from '../../../db/entities/recording.ts';
import type { UserSettings } from '../../../db/entities/user-settings.ts';

/** docs/export-format.md: bump only with a reader for the old version kept. */
export const ARCHIVE_FORMAT = 'murmur-archive';
/** 2: recordings carry their transcript's timed `segments` (version 1 had none). */
export const ARCHIVE_VERSION = 2;
/** Every version this reader maps forward to the current one. */
export const READABLE_ARCHIVE_VERSIONS: readonly number[] = [1, 2];
export const ARCHIVE_JSON_PATH = 'murmur.json';

/** Recordings without where this account keeps the audio: that belongs to the account, not the data. */
export type ArchiveRecording = Omit<Recording, 'storage_path' | 'uploaded_at'>;

/** Settings without the id (the user) and API keys (secrets stay out of files people pass around). */
export type ArchiveSettings = Omit<UserSettings, 'id' | 'openrouter_api_key' | 'openai_api_key'>;

export interface DayRange {
  from: string;
  to: string;
}

export interface MurmurArchive {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  exported_at: string;
  range: DayRange | null;
  notes: Note[];
  diary_entries: DiaryEntry[];
  mood_entries: MoodEntry[];
  recordings: ArchiveRecording[];
  settings: ArchiveSettings | null;
  conflicts: Conflict[];
}

/**
 * The envelope only: records are validated one by one with the entity schemas, so one bad record is
 * reported and the rest still imported.
 */
export const archiveEnvelopeSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
  exported_at: instantSchema,
  range: z.object({ from: daySchema, to: daySchema }).nullable(),
  notes: z.array(z.unknown()),
  diary_entries: z.array(z.unknown()),
  mood_entries: z.array(z.unknown()),
  recordings: z.array(z.unknown()),
  settings: z.record(z.string(), z.unknown()).nullable(),
  conflicts: z.array(z.unknown()),
});
