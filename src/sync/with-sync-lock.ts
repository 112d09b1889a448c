/**
 * Multi-tab coordination (R29): each push or pull cycle runs under a short-lived Web Lock named after
 * the database, taken with `ifAvailable`, so a tab never waits behind another. The holder keeps a
 * lease in sync_meta and renews it as it works. A frozen tab cannot renew: once its lease is older
 * than LEASE_MS another tab takes the lock with `steal`. Stealing is safe because push (seq ledger)
 * and pull (version guard) are idempotent, so a thawed tab finishing its old cycle does no harm.
 */
import type { Clock } from '../db/ports.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { getMeta, setMeta } from '../db/sync-meta.ts';
import type { LockReservation } from './lock-reservation.ts';
import type { LockPort } from './ports.ts';

export const LEASE_MS = 30_000;

/** The Web Lock a job of this database runs under. */
export function syncLockName(db: MurmurDatabase, job: 'push' | 'pull'): string {
  return `${db.name}:${job}`;
}
export const BUSY = Symbol('busy');

interface Lease {
  until: number;
}

/**
 * Writes the job's lease for another LEASE_MS. Also for the sync worker, which renews the push lease
 * as it drains (ADR 0115): a renewal written from the page would be a transaction of its own on
 * sync_meta between the worker's, held open until the page's thread heard back from its write.
 */
export function leaseRenewal(db: MurmurDatabase, clock: Clock, job: 'push' | 'pull'): () => Promise<void> {
  return () => setMeta(db, `lease:${job}`, { until: clock.now() + LEASE_MS } satisfies Lease);
}

export async function withSyncLock<T>(
  db: MurmurDatabase,
  locks: LockPort,
  clock: Clock,
  job: 'push' | 'pull',
  work: (renew: () => Promise<void>) => Promise<T>,
  reserved?: LockReservation,
): Promise<T | typeof BUSY> {
  const name = syncLockName(db, job);
  const leaseKey = `lease:${job}`;
  const renew = leaseRenewal(db, clock, job);
  const run = async () => {
    // The lease goes out just after the work's first requests rather than before them: the lock is held
    // already, and until the lease lands another tab reads none and waits (below), as it would for a
    // holder that has not written one yet. A device that just saved sends its push a round trip sooner,
    // and a pull's first read of sync_meta, asked before the lease's write, does not wait for it.
    const working = work(renew);
    const leased = renew();
    try {
      const result = await working;
      await leased;
      return result;
    } finally {
      await leased.catch(() => undefined);
      await setMeta(db, leaseKey, { until: 0 } satisfies Lease).catch(() => undefined);
    }
  };
  // A lock reserved ahead of the work (lock-reservation.ts) is the same lock, asked for sooner.
  if (reserved && (await reserved.claim())) {
    try {
      return await run();
    } finally {
      reserved.end();
    }
  }
  reserved?.end();
  const result = await locks.request(name, { ifAvailable: true }, async (lock) => (lock ? run() : BUSY));
  if (result !== BUSY) return result;
  const lease = await getMeta<Lease>(db, leaseKey);
  if (!lease || lease.until === 0) {
    // The holder has not written its lease yet (or died before it could): start the clock on it.
    await setMeta(db, leaseKey, { until: clock.now() + LEASE_MS } satisfies Lease);
    return BUSY;
  }
  if (lease.until > clock.now()) return BUSY;
  return locks.request(name, { steal: true }, () => run());
}
