import type { z } from 'zod';

import { conflictSchema } from './conflict.ts';
import { diaryEntrySchema } from './diary-entry.ts';
import { moodEntrySchema } from './mood-entry.ts';
import { noteSchema } from './note.ts';
import { recordingSchema } from './recording.ts';
import { jsonTextArrayBytes, jsonTextBytes } from './sealed-value.ts';
import { subscriptionSchema } from './subscription.ts';
import { defaultUserSettings, userSettingsSchema } from './user-settings.ts';

/**
 * Every synced table, its row schema and its sync policy. The wire, the local database and the server
 * model all read this one registry, so a new field needs one edit.
 */
export interface TablePolicy {
  schema: z.ZodType<Record<string, unknown>>;
  /** Text the user wrote: a losing value is kept as a conflict (R20). */
  textFields: readonly string[];
  /**
   * What a person wrote, encrypted before it leaves the device when their journal is encrypted
   * (ADR 0151), each with the longest JSON text of its clear value in bytes, which bounds the sealed
   * value the server accepts in its place. Every other field stays clear because the server needs it to
   * sync, bill or serve.
   */
  protectedFields: Readonly<Record<string, number>>;
  /** Clients may push changes (false: server-owned, pull only). */
  writable: boolean;
  /** Fields only the server sets at creation; clients never patch them after creation. */
  immutable: readonly string[];
  /** Row the server starts from when a patch names an id it does not have (settings only). */
  defaults?: (id: string) => Record<string, unknown>;
  /** Fields a client may change on an existing row when the table is otherwise server-owned. */
  patchableFields?: readonly string[];
  /**
   * Of patchableFields, the values the server kept (a conflict's): a client may empty one, or resend one
   * where one is kept (sealed or clear as the journal is, R48); never set one where none is.
   */
  keptFields?: readonly string[];
}

const TITLE_BYTES = jsonTextBytes(500);
const BODY_BYTES = jsonTextBytes(1_000_000);

const syncedTables = {
  notes: {
    schema: noteSchema,
    textFields: ['title', 'body'],
    protectedFields: { title: TITLE_BYTES, body: BODY_BYTES, tags: jsonTextArrayBytes(50, 50) },
    writable: true,
    immutable: ['id', 'created_at'],
  },
  diary_entries: {
    schema: diaryEntrySchema,
    textFields: ['title', 'body'],
    protectedFields: { title: TITLE_BYTES, body: BODY_BYTES },
    writable: true,
    immutable: ['id', 'created_at'],
  },
  mood_entries: {
    schema: moodEntrySchema,
    textFields: ['note'],
    protectedFields: { note: jsonTextBytes(10_000), activities: jsonTextArrayBytes(30, 50) },
    writable: true,
    immutable: ['id', 'created_at'],
  },
  user_settings: {
    schema: userSettingsSchema,
    textFields: [],
    protectedFields: {},
    writable: true,
    immutable: ['id', 'openai_api_key'],
    defaults: (id: string) => defaultUserSettings(id),
  },
  recordings: {
    schema: recordingSchema,
    textFields: ['transcript'],
    // A transcript's segments hold its words again, with their timings: bounded by the transcript's
    // length and a timing's worth of JSON for each of its 20,000 segments.
    protectedFields: { transcript: BODY_BYTES, segments: BODY_BYTES + 20_000 * 100 },
    writable: true,
    immutable: ['id', 'created_at'],
  },
  subscriptions: {
    schema: subscriptionSchema,
    textFields: [],
    protectedFields: {},
    writable: false,
    immutable: [],
  },
  conflicts: {
    schema: conflictSchema,
    textFields: [],
    // A kept value is sealed for the field it was written in (table_name, row_id, field), not for the
    // conflict row: the server copies the losing ciphertext as it came (ADR 0151).
    protectedFields: { losing_value: BODY_BYTES, base_value: BODY_BYTES },
    writable: false,
    immutable: [],
    // A purge empties the versions kept of an entry's words and the base text an edit kept for merging
    // (R40, R42); turning encryption on or off resends them sealed or clear (R48).
    patchableFields: ['resolved_at', 'losing_value', 'base_value'],
    keptFields: ['losing_value', 'base_value'],
  },
} as const satisfies Record<string, TablePolicy>;

export type SyncedTable = keyof typeof syncedTables;
export const syncedTableNames = Object.keys(syncedTables) as SyncedTable[];

export function isSyncedTable(name: string): name is SyncedTable {
  return Object.hasOwn(syncedTables, name);
}

export function tablePolicy(table: SyncedTable): TablePolicy {
  return syncedTables[table];
}
