import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';

import type { Stored } from './entities/common.ts';
import type { Conflict } from './entities/conflict.ts';
import type { DiaryEntry } from './entities/diary-entry.ts';
import type { FormDraft } from './entities/form-draft.ts';
import type { SyncedTable } from './entities/entity-tables.ts';
import type { MoodEntry } from './entities/mood-entry.ts';
import type { Note } from './entities/note.ts';
import type { Recording } from './entities/recording.ts';
import type { Subscription } from './entities/subscription.ts';
import type { UserSettings } from './entities/user-settings.ts';
import type { AudioChunk, LocalRecording, TranscriptionJob } from './entities/voice-local.ts';
import { noteListIndexMiddleware, NOTE_ORDER_INDEX, NOTE_TAGS_INDEX } from './note-list-index.ts';
import { addNoteListKeys } from './upgrades/add-note-list-keys.ts';
import { addRecordingSegments } from './upgrades/add-recording-segments.ts';
import { importLandedRows } from './upgrades/import-landed-rows.ts';

/**
 * One queued local change (R5). Rows are appended by commands in the same transaction as the entity
 * and deleted only after the server acknowledged a batch that contained them (R7). They are never
 * edited: coalescing happens when a batch is built (R6).
 */
export interface OutboxRow {
  /** Auto-incremented, never reused: the client's mutation sequence (R8). */
  seq?: number;
  mutation_id: string;
  table: SyncedTable;
  entity_id: string;
  /** Only the fields this change wrote. */
  patch: Record<string, unknown>;
  /** HLC of each written field. */
  hlc: Record<string, string>;
  /** HLC each field had before this change: what the writer saw (R21). */
  base: Record<string, string>;
  /** The text each text field had in that base, where not empty: merged with a conflict later (R40). */
  base_text?: Record<string, string>;
  created_at: string;
}

/**
 * A pulled or poked row that carries a sealed protected value and arrived while this device held no key
 * for its journal (R47, ADR 0155): kept whole, as checked for its shape, until an unlock opens it and
 * applies it as a pulled row. One per entity, the newest version. Device-local: never synced, shown or
 * exported.
 */
export interface SealedRow {
  table: SyncedTable;
  id: string;
  version: number;
  data: Record<string, unknown>;
  hlc: Record<string, string>;
}

export interface SyncMetaRow {
  key: string;
  value: unknown;
}

/**
 * The schema, version by version. A new version is appended here (never edited in place), with an
 * `upgrade` that also rewrites queued outbox patches, and gets a case in schema-upgrade.test.ts.
 */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

const FIRST_STORES = {
  notes: 'id, created_at, deleted_at',
  diary_entries: 'id, day, created_at, deleted_at',
  mood_entries: 'id, moment, created_at, deleted_at',
  user_settings: 'id',
  recordings: 'id, entry_id, deleted_at',
  subscriptions: 'id',
  conflicts: 'id, [table_name+row_id], created_at, resolved_at',
  outbox: '++seq, [table+entity_id]',
  sync_meta: 'key',
};

/** Version 2's stores (voice: device-local audio, recorder state, the transcription queue), kept since. */
const VOICE_STORES = {
  ...FIRST_STORES,
  audio_chunks: '[recording_id+seq], recording_id',
  local_recordings: 'recording_id, state',
  transcription_jobs: 'id, recording_id, status',
};

/** Version 4's stores: notes indexed in list order and by the tags of live notes (docs/adr/0097). */
const NOTE_LIST_STORES = {
  ...VOICE_STORES,
  notes: `id, created_at, deleted_at, ${NOTE_ORDER_INDEX}, *${NOTE_TAGS_INDEX}`,
};

/** Version 5's stores: unsaved forms kept on the device until saved or discarded (form-draft.ts). */
const FORM_DRAFT_STORES = {
  ...NOTE_LIST_STORES,
  form_drafts: 'key',
};

/** Versions 6 and 7's stores: a first sync's pulled rows kept whole until settled (docs/adr/0113). */
const LANDED_STORES = {
  ...FORM_DRAFT_STORES,
  landed: '++seq, table',
};

/** Version 8's stores: version 5's again, the landed store deleted (docs/adr/0132). */
const IMPORTED_STORES = {
  ...FORM_DRAFT_STORES,
  landed: null,
};

/** Version 9's stores: rows a locked device pulled sealed, kept until it is unlocked (docs/adr/0155). */
const SEALED_ROWS_STORES = {
  ...IMPORTED_STORES,
  sealed_rows: '[table+id]',
};

export const schemaVersions: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: FIRST_STORES,
  },
  {
    // Voice: device-local audio, recorder state and the transcription queue (never synced).
    version: 2,
    stores: VOICE_STORES,
  },
  {
    // Recordings keep their transcript's timings (segments): stored rows and queued creations gain none yet.
    version: 3,
    stores: VOICE_STORES,
    upgrade: addRecordingSegments,
  },
  {
    // The notes list reads a screenful in display order, and the tag filter its tags, from indexes.
    version: 4,
    stores: NOTE_LIST_STORES,
    upgrade: addNoteListKeys,
  },
  {
    // A form that saves only on its button keeps what was typed until then (a mood check-in's note).
    version: 5,
    stores: FORM_DRAFT_STORES,
  },
  {
    // A first sync stores a page's new rows as one record, settled into their tables after (ADR 0113).
    version: 6,
    stores: LANDED_STORES,
  },
  {
    // A landed row keeps an HLC its fields share once (ADR 0118). The stores are the same; the version
    // tells a tab of an older Murmur, which would read such a row as it is, to hand over and reload.
    version: 7,
    stores: LANDED_STORES,
  },
  {
    // A first sync writes pulled rows into their tables (ADR 0132): rows still landed move there, and the
    // landed store goes.
    version: 8,
    stores: IMPORTED_STORES,
    upgrade: importLandedRows,
  },
  {
    // A device without the journal's key keeps syncing: sealed rows wait here, off every screen (ADR 0155).
    version: 9,
    stores: SEALED_ROWS_STORES,
  },
];

export const latestSchemaVersion = schemaVersions.at(-1)?.version ?? 0;

export class MurmurDatabase extends Dexie {
  declare notes: Table<Stored<Note>, string>;
  declare diary_entries: Table<Stored<DiaryEntry>, string>;
  declare mood_entries: Table<Stored<MoodEntry>, string>;
  declare user_settings: Table<Stored<UserSettings>, string>;
  declare recordings: Table<Stored<Recording>, string>;
  declare subscriptions: Table<Stored<Subscription>, string>;
  declare conflicts: Table<Stored<Conflict>, string>;
  declare outbox: Table<OutboxRow, number>;
  declare sync_meta: Table<SyncMetaRow, string>;
  declare audio_chunks: Table<AudioChunk, [string, number]>;
  declare local_recordings: Table<LocalRecording, string>;
  declare transcription_jobs: Table<TranscriptionJob, string>;
  declare form_drafts: Table<FormDraft, string>;
  declare sealed_rows: Table<SealedRow, [string, string]>;
  /** The signed-in user this database belongs to (R30). */
  readonly userId: string;

  constructor(name: string, userId: string, options?: DexieOptions, versions = schemaVersions) {
    super(name, options);
    this.userId = userId;
    // Before any version: the keys the version 4 indexes read are derived on every write to notes.
    this.use(noteListIndexMiddleware);
    for (const v of versions) {
      const version = this.version(v.version).stores(v.stores);
      if (v.upgrade) version.upgrade(v.upgrade);
    }
  }

  /** A synced table by name (tables share the Stored<…> shape; the registry holds the schemas). */
  entityTable(table: SyncedTable): Table<Stored<Record<string, unknown>>, string> {
    return this.table(table);
  }
}
