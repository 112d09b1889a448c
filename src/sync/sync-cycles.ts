/**
 * The two jobs a sync run does, each under its own short-lived lock (R29):
 * pushAll drains the outbox in batches (R6–R9, R16); pullAll walks pages to the server's clock
 * (R13–R15), handles reset_required and digest checks (R26, R28).
 */
import type { MurmurDatabase } from '../db/schema.ts';
import { getPullStart, setMeta } from '../db/sync-meta.ts';
import type { LockReservation } from './lock-reservation.ts';
import type { EnginePorts } from './ports.ts';
import type { PullDemand } from './pull-demand.ts';
import { walkHereToTheEnd, type PullJob, type PullRunner, type WalkHere } from './pull-runner.ts';
import { pullToClock } from './pull-to-clock.ts';
import { buildPushBatch } from './build-push-batch.ts';
import { sendPushBatch, settlePushBatch, type PushContext, type PushReply } from './push-batch-round-trip.ts';
import { resetLocal } from './reset-local.ts';
import type { SyncStatus } from './sync-status.ts';
import { TransportError, type SyncSession, type SyncTransport } from './transport.ts';
import { type BUSY, withSyncLock } from './with-sync-lock.ts';

export interface CycleContext {
  db: MurmurDatabase;
  transport: SyncTransport;
  ports: EnginePorts;
  session: SyncSession;
  clientId: string;
  pushBatchSize: number;
  pullLimit: number;
  digestEvery: number;
  /** Least time between two digests (R28), however often pulls come. */
  digestSpacingMs: number;
  onProgress: (progress: SyncStatus['progress']) => void;
  isDisposed: () => boolean;
  /** A local write is waiting to be pushed: a long pull pauses for it at its next transaction's end. */
  pushWaiting?: () => boolean;
  /** Where pull pages are walked when not on this thread (docs/adr/0099). */
  pullRunner?: PullRunner;
  /** The pull triggers of this cycle, told of each page request the walk makes (R27). */
  pullDemand?: PullDemand;
  /** The outbox's rows, counted at the cycle's start: the push's progress total without a second count. */
  pendingCount?: Promise<number>;
  /** The push lock, asked for as a local write began (lock-reservation.ts): the push claims it. */
  reservedPushLock?: LockReservation;
}

/**
 * Returns BUSY when another tab holds the push lock, else how many mutations were acknowledged.
 *
 * Batches go one at a time (R8: the next request leaves only after this one's answer), but the work
 * around the wire overlaps it: the next batch is read from the outbox while this one is on the wire,
 * and this one's acknowledgement is written while the next is. Each acknowledgement commits before the
 * next answer is read, and before pushAll returns or fails. A crash between the next request and this
 * acknowledgement leaves rows the server already has: sent again, they are duplicates (R8).
 */
export async function pushAll(ctx: CycleContext): Promise<number | typeof BUSY> {
  const { db, ports } = ctx;
  return withSyncLock(
    db,
    ports.locks,
    ports.clock,
    'push',
    (renew) => drain(ctx, renew),
    ctx.reservedPushLock,
  );
}

/** The outbox pushed under the push lock (pushAll), `renew` keeping its lease. */
async function drain(ctx: CycleContext, renew: () => Promise<void>): Promise<number> {
  const pushCtx: PushContext = {
    db: ctx.db,
    transport: ctx.transport,
    session: ctx.session,
    clientId: ctx.clientId,
    nowIso: () => new Date(ctx.ports.clock.now()).toISOString(),
    conflictId: () => ctx.ports.ids.next(),
  };
  let sent = 0;
  let batchSize = ctx.pushBatchSize;
  // Both read the outbox: asked together, they are one wait, not two, before the first request. The
  // cycle has usually counted already: a second count of a long outbox would delay the first batch.
  let next = buildPushBatch(ctx.db, batchSize);
  next.catch(ignore);
  const total = await (ctx.pendingCount ?? ctx.db.outbox.count());
  // The previous batch's acknowledgement, committing while the current batch is on the wire.
  let settling: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      if (ctx.isDisposed()) break;
      ctx.onProgress({ phase: 'push', done: sent, total: Math.max(total, sent) });
      const batch = await next;
      if (!batch) break;
      const reply = sendPushBatch(pushCtx, batch);
      // Rows after this batch: the outbox's prefix once it is acknowledged (build-push-batch.ts).
      next = buildPushBatch(ctx.db, batchSize, batch.rowSeqs.at(-1));
      // Either may be left unread when this loop ends early; their failures are handled where read.
      reply.catch(ignore);
      next.catch(ignore);
      await settling;
      await renew();
      let answer: PushReply;
      try {
        answer = await reply;
      } catch (error) {
        // R16: a refused batch is split until the refused change is alone; then it becomes a conflict.
        if (error instanceof TransportError && error.kind === 'rejected' && batchSize > 1) {
          batchSize = Math.max(1, Math.floor(batchSize / 2));
          next = buildPushBatch(ctx.db, batchSize);
          next.catch(ignore);
          continue;
        }
        throw error;
      }
      settling = settlePushBatch(pushCtx, batch, answer);
      sent += batch.mutations.length;
    }
  } catch (error) {
    // The failure that ended the run is the one to report; an acknowledgement still being written
    // finishes first, and its own failure is logged.
    await settling.catch((settleError: unknown) => {
      if (settleError !== error) console.error('Murmur could not record a push acknowledgement', settleError);
    });
    throw error;
  }
  await settling;
  return sent;
}

function ignore(): void {}

/**
 * Returns BUSY when another tab holds the pull lock, 'paused' when a local write came during a long walk
 * (stopped after a transaction it applied, so every pause makes progress; the caller pushes, then pulls
 * on from the stored cursor).
 */
export async function pullAll(ctx: CycleContext): Promise<'done' | 'paused' | typeof BUSY> {
  return withSyncLock(ctx.db, ctx.ports.locks, ctx.ports.clock, 'pull', async (renew) => {
    let resets = 0;
    let paused = false;
    const pauseFor = () => (paused ||= ctx.pushWaiting?.() ?? false);
    // The counters and the cursor in one read, asked before the lease's write (withSyncLock) so it does
    // not wait for that to commit; the walk then leaves from this cursor without reading it again.
    const start = await getPullStart(ctx.db);
    const { digestAt } = start;
    const pulls = start.pulls + 1;
    const now = ctx.ports.clock.now();
    // Every push is followed by a pull (R15), so someone typing pulls every second or so; the digest
    // reads every row of the journal, and is spaced in time as well as in pulls.
    const wantDigest =
      pulls % ctx.digestEvery === 0 && (digestAt === undefined || now - digestAt >= ctx.digestSpacingMs);
    // Written beside the walk's first requests rather than before them; read before the cycle ends.
    const counted = Promise.all([
      setMeta(ctx.db, 'pulls', pulls),
      wantDigest ? setMeta(ctx.db, 'digest_at', now) : undefined,
    ]);
    counted.catch(ignore);
    const walkHere: WalkHere = (handOver, from) =>
      pullToClock(
        {
          ...ctx,
          yieldToUi: ctx.ports.yieldToUi,
          pauseFor,
          ...(from === undefined ? {} : { startCursor: from }),
        },
        wantDigest,
        renew,
        handOver,
      );
    const job: PullJob = {
      session: ctx.session,
      clientId: ctx.clientId,
      pullLimit: ctx.pullLimit,
      wantDigest,
      ...(ctx.pullDemand ? { demand: ctx.pullDemand } : {}),
    };
    const onPage = async (progress: NonNullable<SyncStatus['progress']>) => {
      ctx.onProgress(progress);
      await renew();
    };
    // Only the first walk starts from the cursor read above: a reset sets it back.
    let walkJob: PullJob = { ...job, cursor: start.cursor };
    for (;;) {
      // The runner's other thread is asked after each page it applied; cancelled for a push, it ends
      // its walk as 'done' at its next transaction, which is a pause here.
      const outcome = ctx.pullRunner
        ? await ctx.pullRunner.walk(walkJob, onPage, () => ctx.isDisposed() || pauseFor(), walkHere)
        : await walkHereToTheEnd(walkHere, walkJob.cursor);
      walkJob = job;
      await counted;
      if (outcome === 'paused' || (outcome === 'done' && paused)) return 'paused';
      if (outcome === 'done') return 'done';
      // At most one reset per cycle: a second one means the server is inconsistent; retry later.
      if (resets++ > 0) throw new TransportError('server', 'reset did not converge');
      await resetLocal(ctx.db);
    }
  });
}
