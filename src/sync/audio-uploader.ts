import type { Clock } from '../db/ports.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import type { AudioUploadState, LocalRecording } from '../db/entities/voice-local.ts';
import { backoffDelay, defaultBackoff, type BackoffPolicy } from './backoff.ts';
import { AudioUploadError, type AudioUploadTransport } from './audio-upload-transport.ts';
import { evictUploadedAudio, LOCAL_AUDIO_BUDGET_BYTES } from './evict-uploaded-audio.ts';
import { heldJournalKey } from '../db/journal-key.ts';
import { sealAudio } from './crypto/audio-cipher.ts';
import { localAudioBlob, recordingRowPending } from './local-audio.ts';
import type { Connectivity, LockPort, Random, Timers } from './ports.ts';
import { SerialRunner } from './serial-runner.ts';

export interface AudioUploaderOptions {
  db: MurmurDatabase;
  /** Records on the synced row that the audio is in Storage (recording-commands markRecordingUploaded). */
  markRecordingUploaded(id: string): Promise<unknown>;
  transport: AudioUploadTransport;
  /** `locks` keeps two tabs from uploading the same audio at once (the other tab's run is skipped). */
  ports: { clock: Clock; timers: Timers; random: Random; connectivity: Connectivity; locks: LockPort };
  backoff?: BackoffPolicy;
  budgetBytes?: number;
  /**
   * Called with each failure, so the app can log it (errors are never swallowed silently); null when
   * it is not one recording's (finding out whether the journal is encrypted).
   */
  onError?(recordingId: string | null, error: unknown): void;
  /**
   * Asked before a run that would upload without a key: whether the journal is encrypted all the same
   * (another device turned it on, and this one is locked or has not learned it yet). Its audio then
   * waits for the key rather than leaving in clear (ADR 0151). A failure to find out counts as yes.
   */
  journalEncrypted?(): Promise<boolean>;
}

/** The Web Lock an upload run holds (the audio resealer holds it too, so the two never overlap). */
export const audioUploadLockName = (db: MurmurDatabase) => `${db.name}:audio-upload`;

/** Statuses the uploader picks up; 'uploading' found at start is an upload a reload or crash interrupted. */
const WAITING = new Set(['pending', 'failed', 'uploading']);

/**
 * Uploads the audio of kept recordings to Storage, one at a time, resumably, tied to the outbox:
 * - only recordings in state 'saved' whose upload is pending, failed with a retry time that has come,
 *   or interrupted; a failure that cannot be retried waits for `retry(id)`;
 * - only once the `recordings` row has no change left in the outbox, so the server has the metadata
 *   (and its owner) the upload's path refers to before the bytes arrive;
 * - the upload URL and confirmed offset are stored as they arrive, and handed back on the next attempt;
 * - on success the local state is 'done', then markRecordingUploaded tells other devices; then audio over
 *   the budget is evicted (only uploaded audio).
 * `poke()` asks for a run (after a sync, when back online); runs never overlap.
 */
export class AudioUploader {
  readonly #options: AudioUploaderOptions;
  readonly #runner: SerialRunner;

  constructor(options: AudioUploaderOptions) {
    this.#options = options;
    this.#runner = new SerialRunner(options.ports, audioUploadLockName(options.db), () => this.#runOnce());
  }

  /** Runs now (or right after the current run). Resolves when the runs it caused have finished. */
  poke(): Promise<void> {
    return this.#runner.poke();
  }

  /** The user's retry of a failed upload: attempts start over. */
  async retry(recordingId: string): Promise<void> {
    const recording = await this.#options.db.local_recordings.get(recordingId);
    if (!recording || recording.upload.status !== 'failed') return;
    await this.#setUpload(recording, {
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
      last_error: null,
    });
    await this.poke();
  }

  stop(): void {
    this.#runner.stop();
  }

  async #runOnce(): Promise<void> {
    const { db, ports } = this.#options;
    if (!ports.connectivity.isOnline()) return;
    const now = ports.clock.now();
    const candidates = (await db.local_recordings.where('state').equals('saved').toArray())
      .filter((r) => r.audio_on_device && WAITING.has(r.upload.status))
      .sort((a, b) => a.started_at.localeCompare(b.started_at));
    if (candidates.length > 0 && (await this.#mustWaitForKey())) return;
    let uploaded = false;
    for (const recording of candidates) {
      if (this.#runner.stopped || !ports.connectivity.isOnline()) break;
      if (recording.upload.status === 'failed' && !due(recording.upload, now)) continue;
      if (await recordingRowPending(db, recording.recording_id)) continue;
      uploaded = (await this.#upload(recording)) || uploaded;
    }
    if (uploaded) await evictUploadedAudio(db, this.#options.budgetBytes ?? LOCAL_AUDIO_BUDGET_BYTES);
    await this.#scheduleNextRetry();
  }

  /** An encrypted journal on a device without its key: nothing may be uploaded (it would be clear). */
  async #mustWaitForKey(): Promise<boolean> {
    const { db, journalEncrypted } = this.#options;
    if (!journalEncrypted || (await heldJournalKey(db)) !== null) return false;
    try {
      return await journalEncrypted();
    } catch (error) {
      this.#options.onError?.(null, error);
      return true;
    }
  }

  /** One recording's attempt; true when its audio is now in Storage. */
  async #upload(recording: LocalRecording): Promise<boolean> {
    const { db, transport } = this.#options;
    const id = recording.recording_id;
    const row = await db.recordings.get(id);
    // No synced row (yet) or a deleted one: nothing on the server would point at the audio.
    if (!row || row.deleted_at !== null) return false;
    const clear = await localAudioBlob(db, id, recording.mime_type);
    if (!clear) return false;
    // An encrypted journal's audio leaves sealed (ADR 0151), the same bytes at every attempt.
    const key = await heldJournalKey(db);
    const data = key ? await sealAudio(key, id, clear) : clear;
    let upload = await this.#setUpload(recording, { status: 'uploading' });
    try {
      await transport.upload({
        path: row.storage_path,
        data,
        mimeType: recording.mime_type,
        resumeUrl: upload.upload.url,
        onProgress: ({ url, offset }) => {
          void this.#setUpload(upload, { url, offset }).then(
            (next) => {
              upload = next;
            },
            (error: unknown) => this.#options.onError?.(id, error),
          );
        },
      });
    } catch (error) {
      this.#options.onError?.(id, error);
      const attempts = upload.upload.attempts + 1;
      const retryable = !(error instanceof AudioUploadError) || error.retryable;
      const delay = backoffDelay(
        attempts,
        this.#options.ports.random,
        this.#options.backoff ?? defaultBackoff,
      );
      await this.#setUpload(upload, {
        status: 'failed',
        attempts,
        next_attempt_at: retryable ? new Date(this.#options.ports.clock.now() + delay).toISOString() : null,
        last_error: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
    await this.#setUpload(upload, {
      status: 'done',
      offset: data.size,
      next_attempt_at: null,
      last_error: null,
    });
    await this.#options.markRecordingUploaded(id);
    return true;
  }

  /** Writes part of the upload state (re-reading the row, so the recorder's own fields are kept). */
  async #setUpload(recording: LocalRecording, patch: Partial<AudioUploadState>): Promise<LocalRecording> {
    const { db } = this.#options;
    return db.transaction('rw', db.local_recordings, async () => {
      const current = (await db.local_recordings.get(recording.recording_id)) ?? recording;
      const next = { ...current, upload: { ...current.upload, ...patch } };
      await db.local_recordings.update(recording.recording_id, { upload: next.upload });
      return next;
    });
  }

  async #scheduleNextRetry(): Promise<void> {
    const times = (await this.#options.db.local_recordings.where('state').equals('saved').toArray())
      .filter((r) => r.audio_on_device && r.upload.status === 'failed' && r.upload.next_attempt_at !== null)
      .map((r) => Date.parse(r.upload.next_attempt_at ?? ''));
    this.#runner.wakeAt(times);
  }
}

function due(upload: AudioUploadState, now: number): boolean {
  return upload.next_attempt_at !== null && Date.parse(upload.next_attempt_at) <= now;
}
