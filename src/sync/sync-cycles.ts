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
import type { PullResponse, ServerRow } from './protocol.ts';
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
 * A catch-up (has_more) applies pulled pages in transactions of up to this many rows, or what arrived
 * within APPLY_MS: every commit re-runs the screens' live queries, so 20 commits of 500 rows cost far
 * more than 2 of 5,000, while the time bound keeps a slow network showing progress.
 */
export const APPLY_ROWS = 5_000;
export const APPLY_MS = 500;

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
 * Walks pages from the stored cursor to the clock (R13). The next page is fetched while the last one is
 * applied; pages are applied in order, each transaction with the cursor of its last page, so the cursor
 * never gets ahead of the rows it covers and a failure only loses pages not yet applied (they are
 * fetched again).
 */
async function pullToClock(
  ctx: CycleContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
): Promise<'done' | 'reset'> {
  const fetchAfter = (cursor: number) => {
    const page = fetchPullPage(ctx.db, ctx.transport, ctx.session, ctx.clientId, cursor, {
      limit: ctx.pullLimit,
      wantDigest,
    });
    // A prefetch may be abandoned (disposed, an apply failed); its error must not go unhandled.
    page.catch(() => undefined);
    return page;
  };
  let next: Promise<PullResponse> | null = fetchAfter(await getCursor(ctx.db));
  let rows: ServerRow[] = [];
  let since = ctx.ports.clock.now();
  while (next) {
    if (ctx.isDisposed()) return 'done';
    const page: PullResponse = await next;
    next = null;
    if (page.reset_required) return 'reset';
    for (const row of page.rows) rows.push(row);
    if (page.has_more) next = fetchAfter(page.next_cursor);
    const last = !page.has_more;
    if (!last && rows.length < APPLY_ROWS && ctx.ports.clock.now() - since < APPLY_MS) continue;
    const digest = last && page.next_cursor === page.clock ? page.digest : undefined;
    const result = await applyPullPage(ctx.db, rows, page.next_cursor, digest);
    rows = [];
    since = ctx.ports.clock.now();
    if (result.digestMismatch.length > 0) return 'reset';
    ctx.onProgress({ phase: 'pull', done: result.cursor, total: page.clock });
    await renew();
  }
  return 'done';
}
