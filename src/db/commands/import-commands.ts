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

/** A recording's audio in the imported file, read piece by piece only when the import is applied. */
export type ImportAudioSource = () => AsyncIterable<Uint8Array>;

/** Recordings' audio carried by the imported file, keyed by recording id. */
export type ImportAudio = ReadonlyMap<string, ImportAudioSource>;

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
      // Audio first, each recording's in pieces and small transactions of their own, so an archive
      // with hours of audio never sits in memory; the rows then go in one transaction (R5). If that
      // fails, the audio written for it is removed again and the journal is as it was.
      const staged = await stageAudio(db, rows, audio);
      try {
        return await db.transaction('rw', scope, async () => {
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
              table === 'recordings'
                ? { ...row, storage_path: `${db.userId}/${id}`, uploaded_at: null }
                : row;
            await writeChange(db, ctx.ports, table, id, fields, { create: true });
            const size = table === 'recordings' ? staged.get(id) : undefined;
            if (size !== undefined) await keepImportedAudio(db, fields, size);
            added += 1;
          }
          if (settingsPatch && Object.keys(settingsPatch).length > 0) {
            await writeChange(db, ctx.ports, 'user_settings', db.userId, settingsPatch);
          }
          return { added, skipped };
        });
      } catch (error) {
        await removeStagedAudio(db, [...staged.keys()]);
        throw error;
      }
    },
  };
}

/** Audio is gathered into chunks of about this size, each written on its own. */
const PIECE_BYTES = 1024 * 1024;

/**
 * Writes the audio of each recording the import will add into audio_chunks, returning the bytes written
 * per recording. Chunks left by an import cut off before its rows were written (no local recording owns
 * them) are replaced. A recording this journal already has is skipped: its audio is already here or not.
 */
async function stageAudio(
  db: CommandContext['db'],
  rows: readonly ImportRow[],
  audio: ImportAudio,
): Promise<Map<string, number>> {
  const staged = new Map<string, number>();
  try {
    for (const { table, row } of rows) {
      const id = String(row['id']);
      const source = table === 'recordings' ? audio.get(id) : undefined;
      if (!source || (await db.recordings.get(id)) || (await db.local_recordings.get(id))) continue;
      await removeStagedAudio(db, [id]);
      staged.set(id, 0);
      let seq = 0;
      let size = 0;
      let parts: Uint8Array[] = [];
      let pending = 0;
      const flush = async () => {
        const data = new Uint8Array(pending);
        let offset = 0;
        for (const part of parts) {
          data.set(part, offset);
          offset += part.byteLength;
        }
        await db.audio_chunks.put({ recording_id: id, seq, data: data.buffer, at_ms: 0 });
        seq += 1;
        parts = [];
        pending = 0;
      };
      for await (const piece of source()) {
        parts.push(piece);
        pending += piece.byteLength;
        size += piece.byteLength;
        if (pending >= PIECE_BYTES) await flush();
      }
      if (pending > 0 || seq === 0) await flush();
      staged.set(id, size);
    }
  } catch (error) {
    await removeStagedAudio(db, [...staged.keys()]);
    throw error;
  }
  return staged;
}

function removeStagedAudio(db: CommandContext['db'], ids: readonly string[]): Promise<number> {
  return db.audio_chunks.where('recording_id').anyOf(ids).delete();
}

/** The staged audio becomes a kept recording on this device, its upload pending. */
async function keepImportedAudio(
  db: CommandContext['db'],
  recording: Record<string, unknown>,
  size: number,
): Promise<void> {
  const id = String(recording['id']);
  const local: LocalRecording = {
    recording_id: id,
    state: 'saved',
    started_at: String(recording['created_at']),
    mime_type: String(recording['mime_type']),
    size_bytes: size,
    duration_ms: Number(recording['duration_ms']),
    destination: { kind: 'new_note' },
    upload: { status: 'pending', url: null, offset: 0, attempts: 0, next_attempt_at: null, last_error: null },
    audio_on_device: true,
  };
  await db.local_recordings.put(local);
}
