import { liveQuery } from 'dexie';

import type { Commands } from '../../../db/commands/create-commands.ts';
import type { TranscriptionJob } from '../../../db/entities/voice-local.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { backoffDelay, type BackoffPolicy } from '../../../sync/backoff.ts';
import type { Connectivity, Random, TimerHandle, Timers } from '../../../sync/ports.ts';
import {
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptionTransport,
  type TranscriptResult,
} from './transcription-transport.ts';
import { storableSegments } from './storable-segments.ts';

/** Attempts before a job waits for the user's retry. */
export const MAX_TRANSCRIPTION_ATTEMPTS = 5;
const TRANSCRIPTION_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 10 * 60_000 };

export interface TranscriptionQueuePorts {
  db: MurmurDatabase;
  commands: Pick<
    Commands,
    | 'requeueInterruptedJobs'
    | 'claimTranscriptionJob'
    | 'deferTranscriptionJob'
    | 'failTranscriptionJob'
    | 'completeTranscriptionJob'
    | 'updateRecordingTranscript'
    | 'removeLocalAudio'
  >;
  transport: TranscriptionTransport;
  settings: () => TranscriptionSettings;
  /** Puts the text where the user asked (a new note, a diary entry, the field being edited). */
  deliver: (job: TranscriptionJob, transcript: TranscriptResult) => Promise<void>;
  now: () => number;
  timers: Timers;
  random: Random;
  connectivity: Connectivity;
  logError: (message: string, error: unknown) => void;
}

/**
 * Runs queued transcription jobs one at a time: at once when online (or at once anyway when the
 * chosen transcription runs on this device), otherwise when the connection returns; a temporary failure waits (the provider's Retry-After, else backoff) and is tried again up
 * to MAX_TRANSCRIPTION_ATTEMPTS times; a permanent one is marked failed with its reason for the
 * user's retry. The job's audio is read from the device when it runs; after success the audio goes
 * if the user keeps none (auto_delete_recordings).
 */
export class TranscriptionQueue {
  private readonly ports: TranscriptionQueuePorts;
  private running = false;
  private again = false;
  private wake: TimerHandle | null = null;
  private stopped = false;
  private readonly stops: (() => void)[] = [];

  constructor(ports: TranscriptionQueuePorts) {
    this.ports = ports;
  }

  async start(): Promise<void> {
    await this.ports.commands.requeueInterruptedJobs();
    this.stops.push(this.ports.connectivity.subscribe((online) => online && this.kick()));
    const queued = liveQuery(() => this.ports.db.transcription_jobs.where('status').equals('queued').count());
    const subscription = queued.subscribe({
      next: () => this.kick(),
      error: (error: unknown) => this.ports.logError('Watching transcription jobs failed', error),
    });
    this.stops.push(() => subscription.unsubscribe());
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    for (const stop of this.stops.splice(0)) stop();
    if (this.wake !== null) this.ports.timers.clearTimeout(this.wake);
  }

  /** Runs whatever is due now; safe to call any number of times. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain().finally(() => {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Whether the queue has finished everything it can do right now (for tests and benchmarks). */
  get idle(): boolean {
    return !this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      if (!this.ports.connectivity.isOnline() && !this.ports.transport.worksOffline?.(this.ports.settings()))
        return;
      const queued = await this.ports.db.transcription_jobs
        .where('status')
        .equals('queued')
        .sortBy('created_at');
      const now = this.ports.now();
      const due = queued.find(
        (job) => job.next_attempt_at === null || Date.parse(job.next_attempt_at) <= now,
      );
      if (!due) {
        this.scheduleWake(queued);
        return;
      }
      await this.run(due);
    }
  }

  private scheduleWake(queued: TranscriptionJob[]): void {
    if (this.wake !== null) this.ports.timers.clearTimeout(this.wake);
    this.wake = null;
    const times = queued.flatMap((job) => (job.next_attempt_at ? [Date.parse(job.next_attempt_at)] : []));
    if (times.length === 0) return;
    const delay = Math.max(0, Math.min(...times) - this.ports.now());
    this.wake = this.ports.timers.setTimeout(() => {
      this.wake = null;
      this.kick();
    }, delay);
  }

  private async run(job: TranscriptionJob): Promise<void> {
    const { commands, db } = this.ports;
    await commands.claimTranscriptionJob(job.id);
    const attempts = job.attempts + 1;
    try {
      const audio = await this.audioOf(job.recording_id);
      const transcript = await this.ports.transport.transcribe(audio, this.ports.settings());
      await commands.updateRecordingTranscript(
        job.recording_id,
        transcript.text,
        storableSegments(transcript.segments),
      );
      await this.ports.deliver(job, transcript);
      await commands.completeTranscriptionJob(job.id);
      const local = await db.local_recordings.get(job.recording_id);
      if (local?.upload.status === 'not_kept') await commands.removeLocalAudio(job.recording_id);
    } catch (error) {
      await this.failed(job, attempts, error);
    }
  }

  private async failed(job: TranscriptionJob, attempts: number, error: unknown): Promise<void> {
    const { commands } = this.ports;
    const failure =
      error instanceof TranscriptionFailure
        ? error
        : new TranscriptionFailure(error instanceof Error ? error.message : String(error), {
            retryable: true,
          });
    if (!(error instanceof TranscriptionFailure))
      this.ports.logError('Transcription failed unexpectedly', error);
    if (failure.offline) {
      // Not the job's fault: it waits for the connection without spending an attempt.
      await commands.deferTranscriptionJob(job.id, failure.message, null, { countAttempt: false });
      return;
    }
    if (!failure.retryable || attempts >= MAX_TRANSCRIPTION_ATTEMPTS) {
      await commands.failTranscriptionJob(job.id, failure.message);
      return;
    }
    const delay = Math.max(
      failure.retryAfterMs ?? 0,
      backoffDelay(attempts, this.ports.random, TRANSCRIPTION_BACKOFF),
    );
    await commands.deferTranscriptionJob(
      job.id,
      failure.message,
      new Date(this.ports.now() + delay).toISOString(),
    );
  }

  private async audioOf(recordingId: string): Promise<Blob> {
    const { db } = this.ports;
    const [local, chunks] = await Promise.all([
      db.local_recordings.get(recordingId),
      db.audio_chunks.where('recording_id').equals(recordingId).sortBy('seq'),
    ]);
    if (!local || chunks.length === 0)
      throw new TranscriptionFailure('The audio of this recording is no longer on this device.', {
        retryable: false,
      });
    return new Blob(
      chunks.map((chunk) => chunk.data),
      { type: local.mime_type },
    );
  }
}
