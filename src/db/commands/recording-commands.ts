import type { Recording, TranscriptSegment } from '../entities/recording.ts';
import { change, nowIso, type CommandContext } from './command-context.ts';
import { deleteRecordingScope, deleteRecordingWithin } from './delete-recording-within.ts';

export type NewRecording = Omit<
  Recording,
  'id' | 'created_at' | 'deleted_at' | 'uploaded_at' | 'storage_path' | 'transcript' | 'segments'
> &
  Partial<Pick<Recording, 'transcript' | 'segments'>>;

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
      return ctx.db.transaction('rw', deleteRecordingScope(ctx.db), () => deleteRecordingWithin(ctx, id));
    },
  };
}
