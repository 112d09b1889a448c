import type { Clock } from '../db/ports.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import type { LocalRecording } from '../db/entities/voice-local.ts';
import { backoffDelay, defaultBackoff, type BackoffPolicy } from './backoff.ts';
import type { Connectivity, LockPort, Random, Timers } from './ports.ts';
import { SerialRunner } from './serial-runner.ts';

/** Removes a recording's audio from Storage; removing audio that is not there succeeds. */
export interface AudioRemoveTransport {
  remove(path: string): Promise<void>;
}

export interface AudioRemoverOptions {
  db: MurmurDatabase;
  transport: AudioRemoveTransport;
  ports: { clock: Clock; timers: Timers; random: Random; connectivity: Connectivity; locks: LockPort };
  backoff?: BackoffPolicy;
  /** Called with each failure, so the app can log it (errors are never swallowed silently). */
  onError?(recordingId: string, error: unknown): void;
}

/** The Web Lock a removal run holds (the audio resealer holds it too, so it writes back no removed audio). */
export const audioRemoveLockName = (db: MurmurDatabase) => `${db.name}:audio-remove`;

const isQueued = (r: LocalRecording) => r.state === 'discarded' && r.upload.status === 'remove';

/**
 * Finishes deleting recordings (recording-commands deleteRecording):
 * - on every device, the audio of a recording whose row is a tombstone leaves the device (the tombstone
 *   arrives by sync; the deleting device already removed its own);
 * - on the deleting device, audio queued for removal ('discarded' + 'remove') is removed from Storage
 *   when online, retried with backoff, and its local record dropped once Storage answered.
 * `poke()` asks for a run (after a sync, when back online); runs never overlap, one tab runs at a time.
 */
export class AudioRemover {
  readonly #options: AudioRemoverOptions;
  readonly #runner: SerialRunner;

  constructor(options: AudioRemoverOptions) {
    this.#options = options;
    this.#runner = new SerialRunner(options.ports, audioRemoveLockName(options.db), () => this.#runOnce());
  }

  poke(): Promise<void> {
    return this.#runner.poke();
  }

  stop(): void {
    this.#runner.stop();
  }

  async #runOnce(): Promise<void> {
    await this.#dropDeletedAudio();
    const { db, ports } = this.#options;
    if (!ports.connectivity.isOnline()) return;
    const now = ports.clock.now();
    const queued = (await db.local_recordings.where('state').equals('discarded').toArray()).filter(isQueued);
    for (const recording of queued) {
      if (this.#runner.stopped || !ports.connectivity.isOnline()) break;
      const due = recording.upload.next_attempt_at;
      if (due !== null && Date.parse(due) > now) continue;
      await this.#remove(recording);
    }
    await this.#scheduleNextRetry();
  }

  /** Audio (and the recorder's record) of recordings whose synced row is a tombstone. */
  async #dropDeletedAudio(): Promise<void> {
    const { db } = this.#options;
    // Null is not an index key: the deleted_at index holds exactly the tombstones.
    const deleted = await db.recordings.where('deleted_at').above('').primaryKeys();
    if (deleted.length === 0) return;
    await db.transaction('rw', db.audio_chunks, db.local_recordings, async () => {
      await db.audio_chunks.where('recording_id').anyOf(deleted).delete();
      const locals = await db.local_recordings.bulkGet(deleted);
      const drop = locals.flatMap((local) => (local && !isQueued(local) ? [local.recording_id] : []));
      await db.local_recordings.bulkDelete(drop);
    });
  }

  async #remove(recording: LocalRecording): Promise<void> {
    const { db, transport, ports } = this.#options;
    const id = recording.recording_id;
    const path = (await db.recordings.get(id))?.storage_path ?? `${db.userId}/${id}`;
    try {
      await transport.remove(path);
    } catch (error) {
      this.#options.onError?.(id, error);
      const attempts = recording.upload.attempts + 1;
      const delay = backoffDelay(attempts, ports.random, this.#options.backoff ?? defaultBackoff);
      await db.local_recordings.update(id, {
        upload: {
          ...recording.upload,
          attempts,
          next_attempt_at: new Date(ports.clock.now() + delay).toISOString(),
          last_error: error instanceof Error ? error.message : String(error),
        },
      });
      return;
    }
    await db.local_recordings.delete(id);
  }

  async #scheduleNextRetry(): Promise<void> {
    const times = (await this.#options.db.local_recordings.where('state').equals('discarded').toArray())
      .filter((r) => isQueued(r) && r.upload.next_attempt_at !== null)
      .map((r) => Date.parse(r.upload.next_attempt_at ?? ''));
    this.#runner.wakeAt(times);
  }
}
