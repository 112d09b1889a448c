import type { Recording } from '../entities/recording.ts';
import type { LocalRecording, TranscriptDestination, TranscriptionJob } from '../entities/voice-local.ts';
import { nowIso, type CommandContext } from './command-context.ts';
import { changeScope, writeChange } from './write-change.ts';

export interface StartRecordingInput {
  mime_type: string;
  destination: TranscriptDestination;
}

/**
 * The recorder's writes. Audio arrives in slices that are stored as they come (at most the last slice is
 * lost to a crash); a recording becomes a synced `recordings` row and a transcription job only when the
 * user keeps it, both in one transaction with the local state, so a kept recording is never without
 * its job and a job never without its audio.
 */
export function recorderCommands(ctx: CommandContext) {
  const { db } = ctx;
  const local = db.local_recordings;
  const saveScope = [
    ...changeScope(db, 'recordings'),
    db.user_settings,
    db.local_recordings,
    db.transcription_jobs,
  ];

  return {
    async startLocalRecording(input: StartRecordingInput): Promise<string> {
      const recording: LocalRecording = {
        recording_id: ctx.ports.ids.next(),
        state: 'recording',
        started_at: nowIso(ctx),
        mime_type: input.mime_type,
        size_bytes: 0,
        duration_ms: 0,
        destination: input.destination,
        upload: {
          status: 'not_kept',
          url: null,
          offset: 0,
          attempts: 0,
          next_attempt_at: null,
          last_error: null,
        },
        audio_on_device: true,
      };
      await local.add(recording);
      return recording.recording_id;
    },

    /** One slice, in order; `atMs` is the time since the start when it arrived. */
    async appendAudioChunk(recordingId: string, seq: number, data: ArrayBuffer, atMs: number): Promise<void> {
      await db.transaction('rw', [db.audio_chunks, local], async () => {
        const row = await local.get(recordingId);
        if (!row || (row.state !== 'recording' && row.state !== 'interrupted'))
          throw new Error(`Recording ${recordingId} is not being recorded`);
        await db.audio_chunks.put({ recording_id: recordingId, seq, data, at_ms: atMs });
        await local.update(recordingId, {
          size_bytes: row.size_bytes + data.byteLength,
          duration_ms: Math.max(row.duration_ms, atMs),
        });
      });
    },

    /** Stopped: the user still has to say whether to keep it (recording_confirmation). */
    async awaitConfirmation(recordingId: string, durationMs: number): Promise<void> {
      await local.update(recordingId, { state: 'pending_confirmation', duration_ms: durationMs });
    },

    /**
     * Keeps a recording: its synced metadata row, a queued transcription job, and the upload queued
     * unless the audio goes after transcription (auto_delete_recordings). Returns the job id.
     */
    async keepRecording(
      recordingId: string,
      options: { durationMs?: number; keepAudio: boolean },
    ): Promise<string> {
      const jobId = ctx.ports.ids.next();
      await db.transaction('rw', saveScope, async () => {
        const row = await local.get(recordingId);
        if (!row) throw new Error(`Recording ${recordingId} does not exist`);
        if (row.state === 'saved') throw new Error(`Recording ${recordingId} is already kept`);
        const now = nowIso(ctx);
        const durationMs = Math.round(options.durationMs ?? row.duration_ms);
        const destination = row.destination;
        const entry = destination.kind === 'field' ? destination : null;
        const recording: Recording = {
          id: recordingId,
          entry_table: entry?.table ?? null,
          entry_id: entry?.id ?? null,
          mime_type: row.mime_type,
          size_bytes: row.size_bytes,
          duration_ms: durationMs,
          sha256: null,
          storage_path: `${db.userId}/${recordingId}`,
          uploaded_at: null,
          transcript: '',
          segments: [],
          created_at: row.started_at,
          deleted_at: null,
        };
        await writeChange(db, ctx.ports, 'recordings', recordingId, recording, { create: true });
        await local.update(recordingId, {
          state: 'saved',
          duration_ms: durationMs,
          upload: { ...row.upload, status: options.keepAudio ? 'pending' : 'not_kept' },
        });
        const job: TranscriptionJob = {
          id: jobId,
          recording_id: recordingId,
          status: 'queued',
          attempts: 0,
          next_attempt_at: null,
          last_error: null,
          destination,
          created_at: now,
          updated_at: now,
        };
        await db.transcription_jobs.add(job);
      });
      return jobId;
    },

    /** Removes a recording that was never kept (or an interrupted one the user lets go), audio and all. */
    async discardLocalRecording(recordingId: string): Promise<void> {
      await db.transaction('rw', [db.audio_chunks, local], async () => {
        const row = await local.get(recordingId);
        if (row?.state === 'saved') throw new Error(`Recording ${recordingId} is kept; delete it instead`);
        await db.audio_chunks.where('recording_id').equals(recordingId).delete();
        await local.delete(recordingId);
      });
    },

    /**
     * At start-up: recordings still marked as recording were cut off (tab closed, crash, reload), and
     * those still waiting for keep-or-discard lost the recorder that asked. Both become 'interrupted'
     * and are offered back with the audio that reached the device, since only an explicit discard may
     * remove audio — except those another open tab is still recording or asking about
     * (`stillRecording`, from the locks those tabs hold).
     */
    async markInterruptedRecordings(stillRecording: readonly string[] = []): Promise<LocalRecording[]> {
      return db.transaction('rw', [local], async () => {
        const cut = (await local.where('state').anyOf('recording', 'pending_confirmation').toArray()).filter(
          (row) => !stillRecording.includes(row.recording_id),
        );
        for (const row of cut) await local.update(row.recording_id, { state: 'interrupted' });
        return local.where('state').equals('interrupted').toArray();
      });
    },

    /** Removes the audio bytes from this device (after transcription when the user keeps no audio). */
    async removeLocalAudio(recordingId: string): Promise<void> {
      await db.transaction('rw', [db.audio_chunks, local], async () => {
        await db.audio_chunks.where('recording_id').equals(recordingId).delete();
        await local.update(recordingId, { audio_on_device: false });
      });
    },
  };
}
