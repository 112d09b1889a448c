import type { TranscriptionJob } from '../entities/voice-local.ts';
import { nowIso, type CommandContext } from './command-context.ts';

/**
 * The transcription queue's writes. A job is claimed ('running') before its request goes out, so a job
 * found running at start-up was cut off and is queued again; nothing is ever dropped silently: a job
 * that gives up is 'failed' with its reason until the user retries it.
 */
export function transcriptionJobCommands(ctx: CommandContext) {
  const jobs = ctx.db.transcription_jobs;
  const set = async (id: string, fields: Partial<TranscriptionJob>) => {
    const updated = await jobs.update(id, { ...fields, updated_at: nowIso(ctx) });
    if (updated === 0) throw new Error(`Transcription job ${id} does not exist`);
  };
  return {
    /** At start-up: requests that were in flight when the app stopped are queued again. */
    async requeueInterruptedJobs(): Promise<number> {
      return ctx.db.transaction('rw', [jobs], async () => {
        const running = await jobs.where('status').equals('running').toArray();
        for (const job of running) await set(job.id, { status: 'queued', next_attempt_at: null });
        return running.length;
      });
    },
    claimTranscriptionJob(id: string): Promise<void> {
      return ctx.db.transaction('rw', [jobs], async () => {
        const job = await jobs.get(id);
        if (job?.status !== 'queued') throw new Error(`Transcription job ${id} is not queued`);
        await set(id, { status: 'running', attempts: job.attempts + 1 });
      });
    },
    /**
     * A failure worth another try at `nextAttemptAt` (or when the connection returns, if null). A try
     * that never reached the provider (no connection) does not count against the job's attempts.
     */
    deferTranscriptionJob(
      id: string,
      reason: string,
      nextAttemptAt: string | null,
      options: { countAttempt: boolean } = { countAttempt: true },
    ): Promise<void> {
      return ctx.db.transaction('rw', [jobs], async () => {
        const job = await jobs.get(id);
        if (!job) throw new Error(`Transcription job ${id} does not exist`);
        await set(id, {
          status: 'queued',
          last_error: reason,
          next_attempt_at: nextAttemptAt,
          attempts: options.countAttempt ? job.attempts : Math.max(0, job.attempts - 1),
        });
      });
    },
    failTranscriptionJob(id: string, reason: string): Promise<void> {
      return set(id, { status: 'failed', last_error: reason, next_attempt_at: null });
    },
    completeTranscriptionJob(id: string): Promise<void> {
      return set(id, { status: 'done', last_error: null, next_attempt_at: null });
    },
    /** The user's 'retry': a fresh budget of attempts. */
    retryTranscriptionJob(id: string): Promise<void> {
      return set(id, { status: 'queued', attempts: 0, last_error: null, next_attempt_at: null });
    },
  };
}
