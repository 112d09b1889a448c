import type { LocalRecording } from '../entities/voice-local.ts';
import type { UserSettingsPatch } from '../entities/user-settings.ts';
import { userSettingsPatchSchema } from '../entities/user-settings.ts';
import type { CommandContext } from './command-context.ts';
import { writeChange } from './write-change.ts';

/** Tables an import may add rows to (conflicts and subscriptions are server-owned). */
export type ImportableTable = 'notes' | 'diary_entries' | 'mood_entries' | 'recordings';

export interface ImportRow {
  table: ImportableTable;
  /** The whole row, with the id and created_at it had at its source. */
  row: Record<string, unknown>;
}

/** A recording's audio carried by the imported file, keyed by recording id. */
export type ImportAudio = ReadonlyMap<string, Uint8Array>;

export interface ImportResult {
  added: number;
  /** Rows whose id this journal already holds (also deleted ones): left exactly as they are. */
  skipped: number;
}

/**
 * Imports keep the ids their source gave them, so importing the same file twice adds nothing the
 * second time. Everything is written in ONE transaction with its outbox rows (R5): an invalid row
 * aborts the whole import and the journal is left unchanged.
 */
export function importCommands(ctx: CommandContext) {
  return {
    /**
     * `audio` holds recordings' audio from the file: each imported recording with audio is kept on this
     * device as a saved recording whose upload is pending, so the audio reaches this account's Storage
     * the way a new recording's does (and plays offline meanwhile).
     */
    async importEntries(
      rows: readonly ImportRow[],
      settings?: UserSettingsPatch,
      audio: ImportAudio = new Map(),
    ): Promise<ImportResult> {
      const db = ctx.db;
      const settingsPatch = settings ? userSettingsPatchSchema.parse(settings) : null;
      const scope = [
        db.notes,
        db.diary_entries,
        db.mood_entries,
        db.recordings,
        db.user_settings,
        db.outbox,
        db.sync_meta,
        db.audio_chunks,
        db.local_recordings,
      ];
      return db.transaction('rw', scope, async () => {
        let added = 0;
        let skipped = 0;
        for (const { table, row } of rows) {
          const id = row['id'];
          if (typeof id !== 'string') throw new Error(`${table}: a row without an id`);
          if (await db.entityTable(table).get(id)) {
            skipped += 1;
            continue;
          }
          // The recording belongs to this user now; its audio (if the file has it) is not uploaded yet.
          const fields =
            table === 'recordings' ? { ...row, storage_path: `${db.userId}/${id}`, uploaded_at: null } : row;
          await writeChange(db, ctx.ports, table, id, fields, { create: true });
          const bytes = table === 'recordings' ? audio.get(id) : undefined;
          if (bytes) await keepImportedAudio(db, fields, bytes);
          added += 1;
        }
        if (settingsPatch && Object.keys(settingsPatch).length > 0) {
          await writeChange(db, ctx.ports, 'user_settings', db.userId, settingsPatch);
        }
        return { added, skipped };
      });
    },
  };
}

async function keepImportedAudio(
  db: CommandContext['db'],
  recording: Record<string, unknown>,
  bytes: Uint8Array,
): Promise<void> {
  const id = String(recording['id']);
  const data = bytes.slice().buffer;
  await db.audio_chunks.put({ recording_id: id, seq: 0, data, at_ms: 0 });
  const local: LocalRecording = {
    recording_id: id,
    state: 'saved',
    started_at: String(recording['created_at']),
    mime_type: String(recording['mime_type']),
    size_bytes: data.byteLength,
    duration_ms: Number(recording['duration_ms']),
    destination: { kind: 'new_note' },
    upload: { status: 'pending', url: null, offset: 0, attempts: 0, next_attempt_at: null, last_error: null },
    audio_on_device: true,
  };
  await db.local_recordings.put(local);
}
