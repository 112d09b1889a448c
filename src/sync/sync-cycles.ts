/**
 * The two jobs a sync run does, each under its own short-lived lock (R29):
 * pushAll drains the outbox in batches (R6–R9, R16); pullAll walks pages to the server's clock
 * (R13–R15), handles reset_required and digest checks (R26, R28).
 */
import type { MurmurDatabase } from '../db/schema.ts';
import { getCursor, getMeta, setMeta } from '../db/sync-meta.ts';
import type { EnginePorts } from './ports.ts';
import { applyPullPage, PUT_SLICE_ON_UI_THREAD } from './apply-pull-page.ts';
import { fetchPullPage } from './fetch-pull-page.ts';
import { PullPageFeed } from './pull-page-feed.ts';
import { applyGroups, type PulledPage } from './apply-groups.ts';
import {
  walkHereToTheEnd,
  type PullOutcome,
  type PullRunner,
  type WalkHere,
  type WalkOutcome,
} from './pull-runner.ts';
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
}

/** What walking pull pages needs: the cycle's context without the push settings, the ports or a runner. */
export type PullWalkContext = Pick<
  CycleContext,
  'db' | 'transport' | 'session' | 'clientId' | 'pullLimit' | 'onProgress' | 'isDisposed'
> & {
  yieldToUi?: EnginePorts['yieldToUi'];
  /**
   * Awaited after each applied transaction. The pull worker pauses here so the screens' live queries
   * ask for their reads before its next transaction: IndexedDB runs transactions in the order they
   * were asked for, and a live query whose read is overtaken by the next commit reads again and shows
   * nothing until the writes stop (ADR 0099).
   */
  afterApply?: () => Promise<void>;
  /**
   * Asked after each applied transaction while more pages are to come: true ends the walk with
   * 'paused', so a local write is pushed before the rest of a long catch-up (R13).
   */
  pauseFor?: () => boolean;
};

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
  return withSyncLock(ctx.db, ctx.ports.locks, ctx.ports.clock, 'push', async (renew) => {
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
    // Both read the outbox: asked together, they are one wait, not two, before the first request.
    let next = buildPushBatch(ctx.db, batchSize);
    next.catch(ignore);
    const total = await ctx.db.outbox.count();
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
        if (settleError !== error)
          console.error('Murmur could not record a push acknowledgement', settleError);
      });
      throw error;
    }
    await settling;
    return sent;
  });
}

function ignore(): void {}

/**
 * How far fetching may run ahead of applying during a catch-up: pages keep arriving while earlier ones
 * are written, up to this many rows waiting (a few MB of JSON at most).
 */
export const PULL_AHEAD_ROWS = 5_000;

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
    const [pulled, digestAt] = await Promise.all([
      getMeta<number>(ctx.db, 'pulls'),
      getMeta<number>(ctx.db, 'digest_at'),
    ]);
    const pulls = (pulled ?? 0) + 1;
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
    const walkHere: WalkHere = (handOver) =>
      pullToClock({ ...ctx, yieldToUi: ctx.ports.yieldToUi, pauseFor }, wantDigest, renew, handOver);
    const job = { session: ctx.session, clientId: ctx.clientId, pullLimit: ctx.pullLimit, wantDigest };
    const onPage = async (progress: NonNullable<SyncStatus['progress']>) => {
      ctx.onProgress(progress);
      await renew();
    };
    for (;;) {
      // The runner's other thread is asked after each page it applied; cancelled for a push, it ends
      // its walk as 'done' at its next transaction, which is a pause here.
      const outcome = ctx.pullRunner
        ? await ctx.pullRunner.walk(job, onPage, () => ctx.isDisposed() || pauseFor(), walkHere)
        : await walkHereToTheEnd(walkHere);
      await counted;
      if (outcome === 'paused' || (outcome === 'done' && paused)) return 'paused';
      if (outcome === 'done') return 'done';
      // At most one reset per cycle: a second one means the server is inconsistent; retry later.
      if (resets++ > 0) throw new TransportError('server', 'reset did not converge');
      await resetLocal(ctx.db);
    }
  });
}

/**
 * Walks pages from the stored cursor to the clock (R13). Pages are fetched back to back while earlier
 * ones are applied; whatever has arrived when the last apply finishes is applied, in order, in
 * transactions of up to MAX_ROWS_PER_APPLY rows, each carrying the cursor of its last page. So the
 * cursor never gets ahead of the rows it covers, a slow network still stores each page as it comes, a
 * slow database gets fewer, larger commits (each commit re-runs the screens' live queries), and a
 * failure loses only pages not yet applied (they are fetched again).
 *
 * Given `handOver`, the walk asks it as soon as its first page says more are to come, then after each
 * transaction while more are to come, and ends with 'handed-over' when it says yes (ADR 0099). Such a walk fetches only one page ahead, so what it drops
 * on handing over is at most the page in flight.
 */
export function pullToClock(
  ctx: PullWalkContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
): Promise<PullOutcome>;
export function pullToClock(
  ctx: PullWalkContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
  handOver: (() => boolean) | undefined,
): Promise<WalkOutcome>;
export async function pullToClock(
  ctx: PullWalkContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
  handOver?: () => boolean,
): Promise<WalkOutcome> {
  const feed = new PullPageFeed(
    (cursor) =>
      fetchPullPage(ctx.db, ctx.transport, ctx.session, ctx.clientId, cursor, {
        limit: ctx.pullLimit,
        wantDigest,
        yieldToUi: ctx.yieldToUi,
      }),
    handOver ? ctx.pullLimit : PULL_AHEAD_ROWS,
  );
  feed.start(await getCursor(ctx.db));
  let asked = false;
  try {
    for (;;) {
      const taken = await feed.take();
      if (taken.length === 0 || ctx.isDisposed()) return 'done';
      const pages = taken.filter((page): page is PulledPage => !page.reset_required);
      if (pages.length === 0 || pages.length < taken.length) return 'reset';
      // A first page that says more are to come makes this a long walk: ask at once, before applying
      // it, so the other thread gets ready meanwhile (a fresh device's first sync). Nothing is applied
      // yet, so handing over now loses only these pages, which the other thread fetches again.
      if (!asked && handOver && pages.some((page) => page.has_more)) {
        asked = true;
        if (handOver()) return 'handed-over';
      }
      for (const group of applyGroups(pages)) {
        if (ctx.isDisposed()) return 'done';
        const last = group[group.length - 1] as PulledPage;
        const rows = group.flatMap((page) => page.rows);
        const digest = !last.has_more && last.next_cursor === last.clock ? last.digest : undefined;
        // Without a UI to pause for (the pull worker), a group's rows go out in one bulkPut.
        const rowsPerPut = ctx.yieldToUi ? PUT_SLICE_ON_UI_THREAD : Number.POSITIVE_INFINITY;
        const result = await applyPullPage(ctx.db, rows, last.next_cursor, digest, rowsPerPut);
        if (result.digestMismatch.length > 0) return 'reset';
        ctx.onProgress({ phase: 'pull', done: result.cursor, total: last.clock });
        await renew();
        await ctx.afterApply?.();
        if (!last.has_more) return 'done';
        if (ctx.pauseFor?.()) return 'paused';
        if (handOver?.()) return 'handed-over';
      }
    }
  } finally {
    feed.stop();
  }
}
