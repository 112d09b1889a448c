import { AUDIO_RESEALING_KEY, audioResealing, type AudioResealing } from '../db/audio-resealing.ts';
import type { Recording } from '../db/entities/recording.ts';
import { heldJournalKey } from '../db/journal-key.ts';
import type { Clock } from '../db/ports.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { backoffDelay, defaultBackoff, type BackoffPolicy } from './backoff.ts';
import { audioRemoveLockName } from './audio-remover.ts';
import { audioUploadLockName } from './audio-uploader.ts';
import { isSealedAudio, openAudio, sealAudio } from './crypto/audio-cipher.ts';
import { JournalDecryptionError, JournalLockedError } from './crypto/crypto-errors.ts';
import type { Connectivity, LockPort, Random, Timers } from './ports.ts';
import { SerialRunner } from './serial-runner.ts';

/** Reads and replaces recordings' audio in Storage (the real one: src/lib/sync/storage-audio-transport.ts). */
export interface AudioReplaceTransport {
  /** The object's bytes, or null when Storage has no object at `path`. */
  read(path: string): Promise<Blob | null>;
  /** Stores `data` at `path` in place of what is there; the old bytes stay readable until it completed. */
  replace(path: string, data: Blob, mimeType: string): Promise<void>;
}

export interface AudioResealerOptions {
  db: MurmurDatabase;
  transport: AudioReplaceTransport;
  ports: { clock: Clock; timers: Timers; random: Random; connectivity: Connectivity; locks: LockPort };
  backoff?: BackoffPolicy;
  /** Called with each failure (the recording's id, or null for the step), so the app can log it. */
  onError?(recordingId: string | null, error: unknown): void;
}

/** What became of one recording's stored audio. */
type Outcome = 'replaced' | 'already' | 'absent' | 'unopenable';

/**
 * Brings every recording's audio in Storage in line with the journal's encryption (ADR 0153), as
 * `sync_meta.audio_resealing` asks (turning encryption on: `sealed`; off: `clear`):
 * - recordings in id order from the stored position; each one's object is downloaded, and replaced by
 *   its sealed (or opened) form only when it is not in that form yet, so a run repeated after a reload
 *   never seals anything twice;
 * - a replacement is one upload with upsert, which Storage applies once complete: a crash leaves the
 *   old object or the new one, and `openAudio` reads both;
 * - the position commits after each recording, only while the step is still the one this run began;
 * - a pass holds the uploader's and the remover's locks, so no clear upload begun before the key was
 *   held finishes behind it, and no audio being removed is written back; the step's first pass makes
 *   the uploads begun in the other form start over rather than resume;
 * - offline it waits for the connection; a failure is retried with backoff from the same recording.
 * `poke()` asks for a run (at start, after syncs, when the step is started); runs never overlap.
 */
export class AudioResealer {
  readonly #options: AudioResealerOptions;
  readonly #runner: SerialRunner;

  constructor(options: AudioResealerOptions) {
    this.#options = options;
    this.#runner = new SerialRunner(options.ports, `${options.db.name}:audio-reseal`, () => this.#runOnce());
  }

  /** Runs now (or right after the current run). Resolves when the runs it caused have finished. */
  poke(): Promise<void> {
    return this.#runner.poke();
  }

  stop(): void {
    this.#runner.stop();
  }

  async #runOnce(): Promise<void> {
    const { db, ports } = this.#options;
    const step = await audioResealing(db);
    if (!step || !ports.connectivity.isOnline()) return;
    if (step.next_attempt_at !== null && Date.parse(step.next_attempt_at) > ports.clock.now()) {
      this.#runner.wakeAt([Date.parse(step.next_attempt_at)]);
      return;
    }
    await ports.locks.request(audioUploadLockName(db), {}, () =>
      ports.locks.request(audioRemoveLockName(db), {}, () => this.#pass(step)),
    );
  }

  async #pass(begun: AudioResealing): Promise<void> {
    const { db, ports } = this.#options;
    const key = begun.target === 'clear' ? begun.key : await heldJournalKey(db);
    if (!key) {
      // Sealing needs the journal's key; a device that holds none waits for the unlock.
      this.#options.onError?.(null, new JournalLockedError('its recordings wait to be sealed'));
      return;
    }
    if (!begun.uploads_restarted && !(await this.#restartUploads(begun))) return;
    let step: AudioResealing | null = await this.#save(begun, {
      total: begun.done + (await this.#remaining(begun.after).count()),
    });
    while (step) {
      if (this.#runner.stopped || !ports.connectivity.isOnline()) return;
      const recording = await this.#remaining(step.after).first();
      if (!recording) {
        await this.#finish(step);
        return;
      }
      let outcome: Outcome;
      try {
        outcome = await this.#bring(recording, step.target, key);
      } catch (error) {
        this.#options.onError?.(recording.id, error);
        const attempts = step.attempts + 1;
        const delay = backoffDelay(attempts, ports.random, this.#options.backoff ?? defaultBackoff);
        const retryAt = ports.clock.now() + delay;
        await this.#save(step, { attempts, next_attempt_at: new Date(retryAt).toISOString() });
        this.#runner.wakeAt([retryAt]);
        return;
      }
      if (outcome === 'unopenable')
        this.#options.onError?.(recording.id, new JournalDecryptionError(`the audio of ${recording.id}`));
      step = await this.#save(step, {
        after: recording.id,
        done: step.done + 1,
        attempts: 0,
        next_attempt_at: null,
        skipped: outcome === 'unopenable' ? [...step.skipped, recording.id] : step.skipped,
      });
    }
  }

  /**
   * Uploads begun before the step (in the other form) start over rather than resume: the server holds
   * their first bytes as they were, and the uploader would send the rest in the new form. Runs while
   * this pass holds the uploader's lock, so none of them is in flight. False when the step was replaced.
   */
  async #restartUploads(step: AudioResealing): Promise<boolean> {
    const { db } = this.#options;
    return db.transaction('rw', db.local_recordings, db.sync_meta, async () => {
      const current = await audioResealing(db);
      if (!current || current.since !== step.since) return false;
      await db.local_recordings
        .filter((r) => r.upload.status !== 'done' && r.upload.url !== null)
        .modify((r) => {
          r.upload = { ...r.upload, url: null, offset: 0 };
        });
      await db.sync_meta.put({ key: AUDIO_RESEALING_KEY, value: { ...current, uploads_restarted: true } });
      return true;
    });
  }

  /** Recordings after `after` whose audio Storage may hold; deleted ones' audio is the remover's. */
  #remaining(after: string) {
    return this.#options.db.recordings
      .where(':id')
      .above(after)
      .filter((r) => r.uploaded_at !== null && r.deleted_at === null);
  }

  async #bring(recording: Recording, target: AudioResealing['target'], key: CryptoKey): Promise<Outcome> {
    const { db, transport } = this.#options;
    const stored = await transport.read(recording.storage_path);
    if (!stored) return 'absent';
    const bytes = await stored.arrayBuffer();
    const sealed = isSealedAudio(new Uint8Array(bytes));
    if (sealed === (target === 'sealed')) return 'already';
    let data: Blob;
    if (target === 'sealed') {
      data = await sealAudio(key, recording.id, new Blob([bytes], { type: recording.mime_type }));
    } else {
      try {
        data = new Blob([await openAudio(key, recording.id, bytes)], { type: recording.mime_type });
      } catch (error) {
        // Sealed under another key: left as it is, and named, rather than blocking the others.
        if (error instanceof JournalDecryptionError) return 'unopenable';
        throw error;
      }
    }
    // Deleted while it was read: writing it back would bring back audio the remover takes away.
    if ((await db.recordings.get(recording.id))?.deleted_at !== null) return 'absent';
    await transport.replace(recording.storage_path, data, recording.mime_type);
    return 'replaced';
  }

  /** Writes part of the step, unless another step replaced it (then null: this run stops). */
  async #save(step: AudioResealing, patch: Partial<AudioResealing>): Promise<AudioResealing | null> {
    const { db } = this.#options;
    return db.transaction('rw', db.sync_meta, async () => {
      const current = await audioResealing(db);
      if (!current || current.since !== step.since) return null;
      const next = { ...current, ...patch } as AudioResealing;
      await db.sync_meta.put({ key: AUDIO_RESEALING_KEY, value: next });
      return next;
    });
  }

  async #finish(step: AudioResealing): Promise<void> {
    const { db } = this.#options;
    await db.transaction('rw', db.sync_meta, async () => {
      const current = await audioResealing(db);
      if (current?.since === step.since) await db.sync_meta.delete(AUDIO_RESEALING_KEY);
    });
  }
}
