import type { Recording, TranscriptSegment } from '../entities/recording.ts';
import type { LocalRecording } from '../entities/voice-local.ts';
import { change, nowIso, type CommandContext } from './command-context.ts';
import { changeScope, writeChange } from './write-change.ts';

export type NewRecording = Omit<
  Recording,
  'id' | 'created_at' | 'deleted_at' | 'uploaded_at' | 'storage_path' | 'transcript' | 'segments'
> &
  Partial<Pick<Recording, 'transcript' | 'segments'>>;

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

/** Recording metadata commands (the audio bytes are uploaded separately and never pass through sync). */
export function recordingCommands(ctx: CommandContext) {
  return {
    async createRecording(fields: NewRecording): Promise<string> {
      const id = ctx.ports.ids.next();
      const recording: Recording = {
        id,
        transcript: '',
        segments: [],
        ...fields,
        storage_path: `${ctx.db.userId}/${id}`,
        uploaded_at: null,
        created_at: nowIso(ctx),
        deleted_at: null,
      };
      await change(ctx, 'recordings', id, recording, { create: true });
      return id;
    },
    markRecordingUploaded(id: string): Promise<string[]> {
      return change(ctx, 'recordings', id, { uploaded_at: nowIso(ctx) });
    },
    updateRecordingTranscript(
      id: string,
      transcript: string,
      segments: readonly TranscriptSegment[] = [],
    ): Promise<string[]> {
      return change(ctx, 'recordings', id, { transcript, segments });
    },
    /** The entry the recording's words went into, so the audio plays beside them. */
    linkRecording(
      id: string,
      entryTable: NonNullable<Recording['entry_table']>,
      entryId: string,
    ): Promise<string[]> {
      return change(ctx, 'recordings', id, { entry_table: entryTable, entry_id: entryId });
    },
    /**
     * Deletes a recording everywhere: the synced row becomes a tombstone (other devices drop their copy
     * of the audio when it arrives), and in the same transaction this device's audio, its pending upload
     * and its transcription job go. Audio that may be in Storage (uploaded, or an upload begun) is queued
     * for removal there (AudioRemover), which survives going offline and reloads.
     */
    deleteRecording(id: string): Promise<string[]> {
      const { db } = ctx;
      const scope = [
        ...changeScope(db, 'recordings'),
        db.user_settings,
        db.audio_chunks,
        db.local_recordings,
        db.transcription_jobs,
      ];
      return db.transaction('rw', scope, async () => {
        const row = await db.recordings.get(id);
        const changed = await writeChange(
          db,
          ctx.ports,
          'recordings',
          id,
          { deleted_at: nowIso(ctx) },
          {
            allowDeleted: true,
          },
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
      });
    },
  };
}
