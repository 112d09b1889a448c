import type { z } from 'zod';

import { conflictSchema } from './conflict.ts';
import { diaryEntrySchema } from './diary-entry.ts';
import { moodEntrySchema } from './mood-entry.ts';
import { noteSchema } from './note.ts';
import { recordingSchema } from './recording.ts';
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
   * (ADR 0151). Every other field stays clear because the server needs it to sync, bill or serve.
   */
  protectedFields: readonly string[];
  /** Clients may push changes (false: server-owned, pull only). */
  writable: boolean;
  /** Fields only the server sets at creation; clients never patch them after creation. */
  immutable: readonly string[];
  /** Row the server starts from when a patch names an id it does not have (settings only). */
  defaults?: (id: string) => Record<string, unknown>;
  /** Fields a client may change on an existing row when the table is otherwise server-owned. */
  patchableFields?: readonly string[];
  /** Of patchableFields, those a client may only empty (set to null), never set to a value of its own. */
  clearOnlyFields?: readonly string[];
}

const syncedTables = {
  notes: {
    schema: noteSchema,
    textFields: ['title', 'body'],
    protectedFields: ['title', 'body', 'tags'],
    writable: true,
    immutable: ['id', 'created_at'],
  },
  diary_entries: {
    schema: diaryEntrySchema,
    textFields: ['title', 'body'],
    protectedFields: ['title', 'body'],
    writable: true,
    immutable: ['id', 'created_at'],
  },
  mood_entries: {
    schema: moodEntrySchema,
    textFields: ['note'],
    protectedFields: ['note', 'activities'],
    writable: true,
    immutable: ['id', 'created_at'],
  },
  user_settings: {
    schema: userSettingsSchema,
    textFields: [],
    protectedFields: [],
    writable: true,
    immutable: ['id', 'openai_api_key'],
    defaults: (id: string) => defaultUserSettings(id),
  },
  recordings: {
    schema: recordingSchema,
    textFields: ['transcript'],
    protectedFields: ['transcript', 'segments'],
    writable: true,
    immutable: ['id', 'created_at'],
  },
  subscriptions: {
    schema: subscriptionSchema,
    textFields: [],
    protectedFields: [],
    writable: false,
    immutable: [],
  },
  conflicts: {
    schema: conflictSchema,
    textFields: [],
    // A kept value is sealed for the field it was written in (table_name, row_id, field), not for the
    // conflict row: the server copies the losing ciphertext as it came (ADR 0151).
    protectedFields: ['losing_value', 'base_value'],
    writable: false,
    immutable: [],
    // losing_value and base_value only to clear them: a purge empties the versions kept of an entry's
    // words, and the base text an edit kept for merging (R40, R42).
    patchableFields: ['resolved_at', 'losing_value', 'base_value'],
    clearOnlyFields: ['base_value'],
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
