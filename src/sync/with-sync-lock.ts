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
import type { LockOptions, LockPort } from './ports.ts';

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
 * Writes the job's lease for another LEASE_MS.
 */
function leaseRenewal(db: MurmurDatabase, clock: Clock, job: 'push' | 'pull'): () => Promise<void> {
  return () => setMeta(db, `lease:${job}`, { until: clock.now() + LEASE_MS } satisfies Lease);
}

/**
 * Per engine (one per tab), per job: the end of a lock this tab still holds while it clears the lease of
 * a job whose caller has gone on. The tab's next job of the same name waits for it rather than finding
 * its own lock busy and retrying in 2 s.
 */
export type HeldLocks = Map<'push' | 'pull', Promise<unknown>>;

function ignore(): void {}

/**
 * Runs `work` under the job's lock and lease. The caller has the work's result as soon as it ends;
 * the lease is cleared after that, the lock still held, so the status a first sync ends with does not
 * wait for one more write to sync_meta.
 */
export async function withSyncLock<T>(
  db: MurmurDatabase,
  tabEnds: HeldLocks,
  locks: LockPort,
  clock: Clock,
  job: 'push' | 'pull',
  work: (renew: () => Promise<void>) => Promise<T>,
  reserved?: LockReservation,
): Promise<T | typeof BUSY> {
  const name = syncLockName(db, job);
  const leaseKey = `lease:${job}`;
  const renew = leaseRenewal(db, clock, job);
  const before = tabEnds.get(job);
  if (before) await before;
  /** The work's result, and the lock's end: once the lease is cleared after the work. */
  const run = () => {
    // The lease goes out just after the work's first requests rather than before them: the lock is held
    // already, and until the lease lands another tab reads none and waits (below), as it would for a
    // holder that has not written one yet. A device that just saved sends its push a round trip sooner,
    // and a pull's first read of sync_meta, asked before the lease's write, does not wait for it.
    const working = work(renew);
    const leased = renew();
    const result = working.then(async (value) => {
      await leased;
      return value;
    });
    const released = Promise.allSettled([working, leased]).then(() =>
      setMeta(db, leaseKey, { until: 0 } satisfies Lease).catch(ignore),
    );
    return { result, released };
  };
  /** Notes that this tab holds the job's lock until `end`: its next job of the name waits for that. */
  const track = (end: Promise<unknown>) => {
    const settled = end.then(ignore, ignore);
    tabEnds.set(job, settled);
    void settled.then(() => {
      if (tabEnds.get(job) === settled) tabEnds.delete(job);
    });
  };
  // A lock reserved ahead of the work (lock-reservation.ts) is the same lock, asked for sooner.
  if (reserved && (await reserved.claim())) {
    const { result, released } = run();
    track(released.finally(() => reserved.end()));
    return result;
  }
  reserved?.end();
  const take = (options: LockOptions) =>
    new Promise<T | typeof BUSY>((resolve, reject) => {
      const held = locks.request(name, options, async (lock) => {
        if (!lock) return resolve(BUSY);
        const { result, released } = run();
        // Resolved with the work's own promise once it has ended: a lock stolen meanwhile (from a tab
        // frozen past its lease) rejects `held` first, and the caller hears of that, as before.
        const answer = () => resolve(result);
        void result.then(answer, answer);
        await released;
      });
      held.catch(reject);
      track(held);
    });
  const result = await take({ ifAvailable: true });
  if (result !== BUSY) return result;
  const lease = await getMeta<Lease>(db, leaseKey);
  if (!lease || lease.until === 0) {
    // The holder has not written its lease yet (or died before it could): start the clock on it.
    await setMeta(db, leaseKey, { until: clock.now() + LEASE_MS } satisfies Lease);
    return BUSY;
  }
  if (lease.until > clock.now()) return BUSY;
  return take({ steal: true });
}
