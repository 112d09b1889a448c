import type { Recording } from '../entities/recording.ts';
import type { LocalRecording } from '../entities/voice-local.ts';
import type { MurmurDatabase } from '../schema.ts';
import { nowIso, type CommandContext } from './command-context.ts';
import { changeScope, writeChange } from './write-change.ts';

/** The tables deleteRecordingWithin writes; a caller's transaction must hold them all. */
export function deleteRecordingScope(db: MurmurDatabase) {
  return [
    ...changeScope(db, 'recordings'),
    db.user_settings,
    db.audio_chunks,
    db.local_recordings,
    db.transcription_jobs,
  ];
}

/** The local record of a deleted recording whose audio is still to be removed from Storage. */
function audioToRemove(row: Recording, local: LocalRecording | undefined): LocalRecording {
  return {
    recording_id: row.id,
    state: 'discarded',
    started_at: local?.started_at ?? row.created_at,
    mime_type: row.mime_type,
    size_bytes: row.size_bytes,
    duration_ms: row.duration_ms,
    destination: local?.destination ?? { kind: 'new_note' },
    upload: { status: 'remove', url: null, offset: 0, attempts: 0, next_attempt_at: null, last_error: null },
    audio_on_device: false,
  };
}

/**
 * Deletes a recording everywhere, inside the caller's transaction over deleteRecordingScope: the synced
 * row becomes a tombstone with `fields` applied too (other devices drop their copy of the audio when it
 * arrives), and this device's audio, its pending upload and its transcription job go. Audio that may be
 * in Storage (uploaded, or an upload begun) is queued for removal there (AudioRemover, through the
 * user's own session, so Storage's row security decides), which survives going offline and reloads.
 */
export async function deleteRecordingWithin(
  ctx: CommandContext,
  id: string,
  fields: Partial<Pick<Recording, 'transcript' | 'segments'>> = {},
): Promise<string[]> {
  const { db } = ctx;
  const row = await db.recordings.get(id);
  const changed = await writeChange(
    db,
    ctx.ports,
    'recordings',
    id,
    { ...fields, deleted_at: row?.deleted_at ?? nowIso(ctx) },
    { allowDeleted: true },
  );
  const local = await db.local_recordings.get(id);
  await db.audio_chunks.where('recording_id').equals(id).delete();
  await db.transcription_jobs.where('recording_id').equals(id).delete();
  if (row && (row.uploaded_at !== null || (local?.upload.url ?? null) !== null)) {
    await db.local_recordings.put(audioToRemove(row, local));
  } else if (local) {
    await db.local_recordings.delete(id);
  }
  return changed;
}
