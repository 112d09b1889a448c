/**
 * The two jobs a sync run does, each under its own short-lived lock (R29):
 * pushAll drains the outbox in batches (R6–R9, R16); pullAll walks pages to the server's clock
 * (R13–R15), handles reset_required and digest checks (R26, R28).
 */
import type { MurmurDatabase } from '../db/schema.ts';
import { getPullStart, setMeta } from '../db/sync-meta.ts';
import type { JournalCipher } from './crypto/journal-cipher.ts';
import type { LockReservation } from './lock-reservation.ts';
import type { EnginePorts } from './ports.ts';
import type { PullDemand } from './pull-demand.ts';
import { pullToClock } from './pull-to-clock.ts';
import { drainOutbox } from './drain-outbox.ts';
import { resetLocal } from './reset-local.ts';
import type { SyncStatus } from './sync-status.ts';
import { TransportError, type SyncSession, type SyncTransport } from './transport.ts';
import { type BUSY, type HeldLocks, withSyncLock } from './with-sync-lock.ts';

export interface CycleContext {
  db: MurmurDatabase;
  transport: SyncTransport;
  ports: EnginePorts;
  session: SyncSession;
  clientId: string;
  /** An encrypted journal's key (ADR 0151): pushes leave sealed, pulled rows are opened. Null in clear. */
  cipher: JournalCipher | null;
  /** This engine's sync locks still held while their leases are cleared (withSyncLock). */
  heldLocks: HeldLocks;
  pushBatchSize: number;
  pullLimit: number;
  digestEvery: number;
  /** Least time between two digests (R28), however often pulls come. */
  digestSpacingMs: number;
  onProgress: (progress: SyncStatus['progress']) => void;
  isDisposed: () => boolean;
  /** A local write is waiting to be pushed: a long pull pauses for it at its next transaction's end. */
  pushWaiting?: () => boolean;
  /** The pull triggers of this cycle, told of each page request the walk makes (R27). */
  pullDemand?: PullDemand;
  /** The outbox's rows, counted at the cycle's start: the push's progress total without a second count. */
  pendingCount?: Promise<number>;
  /** The push lock, asked for as a local write began (lock-reservation.ts): the push claims it. */
  reservedPushLock?: LockReservation;
}

/** Returns BUSY when another tab holds the push lock, else how many mutations were acknowledged. */
export async function pushAll(ctx: CycleContext): Promise<number | typeof BUSY> {
  const { db, ports } = ctx;
  return withSyncLock(
    db,
    ctx.heldLocks,
    ports.locks,
    ports.clock,
    'push',
    (renew) =>
      drainOutbox(
        {
          ...ctx,
          nowIso: () => new Date(ports.clock.now()).toISOString(),
          conflictId: () => ports.ids.next(),
        },
        renew,
      ),
    ctx.reservedPushLock,
  );
}

function ignore(): void {}

/**
 * Returns BUSY when another tab holds the pull lock, 'paused' when a local write came during a long walk
 * (stopped after a transaction it applied, so every pause makes progress; the caller pushes, then pulls
 * on from the stored cursor).
 */
export async function pullAll(ctx: CycleContext): Promise<'done' | 'paused' | typeof BUSY> {
  return withSyncLock(ctx.db, ctx.heldLocks, ctx.ports.locks, ctx.ports.clock, 'pull', async (renew) => {
    let resets = 0;
    const pauseFor = () => ctx.pushWaiting?.() ?? false;
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
    // Only the first walk starts from the cursor read above: a reset sets it back.
    let from: number | undefined = start.cursor;
    for (;;) {
      const outcome = await pullToClock(
        {
          ...ctx,
          pauseFor,
          ...(from === undefined ? {} : { startCursor: from }),
        },
        wantDigest,
        renew,
      );
      from = undefined;
      await counted;
      if (outcome === 'paused') return 'paused';
      if (outcome === 'done') return 'done';
      // At most one reset per cycle: a second one means the server is inconsistent; retry later.
      if (resets++ > 0) throw new TransportError('server', 'reset did not converge');
      await resetLocal(ctx.db);
    }
  });
}
