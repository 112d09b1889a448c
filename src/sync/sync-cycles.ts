/**
 * The two jobs a sync run does, each under its own short-lived lock (R29):
 * pushAll drains the outbox in batches (R6–R9, R16); pullAll walks pages to the server's clock
 * (R13–R15), handles reset_required and digest checks (R26, R28).
 */
import type { MurmurDatabase } from '../db/schema.ts';
import { getCursor, getMeta, setMeta } from '../db/sync-meta.ts';
import type { EnginePorts } from './ports.ts';
import { applyPullPage } from './apply-pull-page.ts';
import { fetchPullPage } from './fetch-pull-page.ts';
import { PullPageFeed } from './pull-page-feed.ts';
import { pushOnce } from './push-once.ts';
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
  onProgress: (progress: SyncStatus['progress']) => void;
  isDisposed: () => boolean;
}

/** Returns BUSY when another tab holds the push lock, else how many mutations were acknowledged. */
export async function pushAll(ctx: CycleContext): Promise<number | typeof BUSY> {
  return withSyncLock(ctx.db, ctx.ports.locks, ctx.ports.clock, 'push', async (renew) => {
    let sent = 0;
    let batchSize = ctx.pushBatchSize;
    const total = await ctx.db.outbox.count();
    for (;;) {
      if (ctx.isDisposed()) return sent;
      ctx.onProgress({ phase: 'push', done: sent, total: Math.max(total, sent) });
      try {
        const outcome = await pushOnce(
          {
            db: ctx.db,
            transport: ctx.transport,
            session: ctx.session,
            clientId: ctx.clientId,
            nowIso: () => new Date(ctx.ports.clock.now()).toISOString(),
            conflictId: () => ctx.ports.ids.next(),
          },
          batchSize,
        );
        if (outcome.sent === 0) return sent;
        sent += outcome.sent;
      } catch (error) {
        // R16: a refused batch is split until the refused change is alone; then it becomes a conflict.
        if (error instanceof TransportError && error.kind === 'rejected' && batchSize > 1) {
          batchSize = Math.max(1, Math.floor(batchSize / 2));
          continue;
        }
        throw error;
      }
      await renew();
    }
  });
}

/**
 * How far fetching may run ahead of applying during a catch-up: pages keep arriving while earlier ones
 * are written, up to this many rows waiting (a few MB of JSON at most).
 */
export const PULL_AHEAD_ROWS = 5_000;

/** Returns BUSY when another tab holds the pull lock. */
export async function pullAll(ctx: CycleContext): Promise<'done' | typeof BUSY> {
  return withSyncLock(ctx.db, ctx.ports.locks, ctx.ports.clock, 'pull', async (renew): Promise<'done'> => {
    let resets = 0;
    const pulls = ((await getMeta<number>(ctx.db, 'pulls')) ?? 0) + 1;
    await setMeta(ctx.db, 'pulls', pulls);
    const wantDigest = pulls % ctx.digestEvery === 0;
    for (;;) {
      if ((await pullToClock(ctx, wantDigest, renew)) === 'done') return 'done';
      // At most one reset per cycle: a second one means the server is inconsistent; retry later.
      if (resets++ > 0) throw new TransportError('server', 'reset did not converge');
      await resetLocal(ctx.db);
    }
  });
}

/**
 * Walks pages from the stored cursor to the clock (R13). Pages are fetched back to back while earlier
 * ones are applied; whatever has arrived when the last apply finishes is applied together, in order, in
 * one transaction carrying the cursor of its last page. So the cursor never gets ahead of the rows it
 * covers, a slow network still stores each page as it comes, a slow database gets fewer, larger
 * commits (each commit re-runs the screens' live queries), and a failure loses only pages not yet
 * applied (they are fetched again).
 */
async function pullToClock(
  ctx: CycleContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
): Promise<'done' | 'reset'> {
  const feed = new PullPageFeed(
    (cursor) =>
      fetchPullPage(ctx.db, ctx.transport, ctx.session, ctx.clientId, cursor, {
        limit: ctx.pullLimit,
        wantDigest,
        yieldToUi: ctx.ports.yieldToUi,
      }),
    PULL_AHEAD_ROWS,
  );
  feed.start(await getCursor(ctx.db));
  try {
    for (;;) {
      const taken = await feed.take();
      if (taken.length === 0 || ctx.isDisposed()) return 'done';
      const pages = taken.filter((page) => !page.reset_required);
      const last = pages.at(-1);
      if (!last || pages.length < taken.length) return 'reset';
      const rows = pages.flatMap((page) => page.rows);
      const digest = !last.has_more && last.next_cursor === last.clock ? last.digest : undefined;
      const result = await applyPullPage(ctx.db, rows, last.next_cursor, digest);
      if (result.digestMismatch.length > 0) return 'reset';
      ctx.onProgress({ phase: 'pull', done: result.cursor, total: last.clock });
      await renew();
      if (!last.has_more) return 'done';
    }
  } finally {
    feed.stop();
  }
}
