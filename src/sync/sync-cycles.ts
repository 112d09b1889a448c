/**
 * The two jobs a sync run does, each under its own short-lived lock (R29):
 * pushAll drains the outbox in batches (R6–R9, R16); pullAll walks pages to the server's clock
 * (R13–R15), handles reset_required and digest checks (R26, R28).
 */
import type { MurmurDatabase } from '../db/schema.ts';
import { getMeta, setMeta } from '../db/sync-meta.ts';
import type { EnginePorts } from './ports.ts';
import { pullOnce } from './pull-once.ts';
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

/** Returns BUSY when another tab holds the pull lock. */
export async function pullAll(ctx: CycleContext): Promise<'done' | typeof BUSY> {
  return withSyncLock(ctx.db, ctx.ports.locks, ctx.ports.clock, 'pull', async (renew): Promise<'done'> => {
    let resets = 0;
    const pulls = ((await getMeta<number>(ctx.db, 'pulls')) ?? 0) + 1;
    await setMeta(ctx.db, 'pulls', pulls);
    const wantDigest = pulls % ctx.digestEvery === 0;
    for (;;) {
      if (ctx.isDisposed()) return 'done';
      const outcome = await pullOnce(ctx.db, ctx.transport, ctx.session, ctx.clientId, {
        limit: ctx.pullLimit,
        wantDigest,
      });
      const mustReset = outcome.kind === 'reset' || outcome.digestMismatch.length > 0;
      if (mustReset) {
        // At most one reset per cycle: a second one means the server is inconsistent; retry later.
        if (resets++ > 0) throw new TransportError('server', 'reset did not converge');
        await resetLocal(ctx.db);
        continue;
      }
      ctx.onProgress({ phase: 'pull', done: outcome.cursor, total: outcome.clock });
      await renew();
      if (!outcome.hasMore) return 'done';
    }
  });
}
