import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { openUserDatabase, userDatabaseName } from '../db/open-user-database.ts';
import { getMeta } from '../db/sync-meta.ts';
import { FakeLocks } from '../testing/sync/fake-locks.ts';
import { BUSY, LEASE_MS, syncLockName, withSyncLock, type HeldLocks } from './with-sync-lock.ts';

const ANN = '0000aaaa-0000-7000-8000-000000000001';
const NOW = 1_700_000_000_000;
const clock = { now: () => NOW, timeZone: () => 'UTC' };

/**
 * Holds sync_meta in a read-write transaction of another connection, as another of the database's
 * writers does, until `end()`: a write to it waits until then.
 */
async function holdSyncMeta(indexedDB: IDBFactory, name: string): Promise<{ end: () => void }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('open failed'));
  });
  const store = db.transaction('sync_meta', 'readwrite').objectStore('sync_meta');
  let held = true;
  // A transaction commits once no request is pending: one request after another keeps it open.
  const keepOpen = () => {
    if (held) store.get('cursor').onsuccess = keepOpen;
  };
  keepOpen();
  return {
    end: () => {
      held = false;
      db.close();
    },
  };
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('withSyncLock', () => {
  it('[R29] answers once the work ends, and holds the lock until its lease is cleared', async () => {
    const indexedDB = new IDBFactory();
    const tab = await openUserDatabase(ANN, { indexedDB, IDBKeyRange });
    const otherTab = await openUserDatabase(ANN, { indexedDB, IDBKeyRange });
    const locks = new FakeLocks();
    const held: HeldLocks = new Map();
    const lockName = syncLockName(tab, 'pull');
    const workMayEnd = deferred();
    const first = withSyncLock(tab, held, locks, clock, 'pull', async () => {
      await workMayEnd.promise;
      return 'walked';
    });
    // The lease is written beside the work's start.
    await expect.poll(() => getMeta(tab, 'lease:pull')).toEqual({ until: NOW + LEASE_MS });
    const writer = await holdSyncMeta(indexedDB, userDatabaseName(ANN));
    workMayEnd.resolve();

    // The caller goes on while the lease's clearing waits behind the other writer.
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000));
    expect(await Promise.race([first, waited])).toBe('walked');
    expect(locks.isHeld(lockName)).toBe(true);
    // Another tab still finds the lock held (it reads the lease once the writer is done).
    const otherTabs = withSyncLock(otherTab, new Map(), locks, clock, 'pull', () => Promise.resolve('other'));
    // This tab's next pull waits for its own lock's end instead of finding it busy.
    let nextStarted = false;
    const next = withSyncLock(tab, held, locks, clock, 'pull', () => {
      nextStarted = true;
      return Promise.resolve('next');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(nextStarted).toBe(false);

    writer.end();
    expect(await otherTabs).toBe(BUSY);
    expect(await next).toBe('next');
    await expect.poll(() => locks.isHeld(lockName)).toBe(false);
    expect(await getMeta(tab, 'lease:pull')).toEqual({ until: 0 });
    tab.close();
    otherTab.close();
  });

  it('[R29] a failed job lets the lock go with its lease cleared, and the next one runs', async () => {
    const indexedDB = new IDBFactory();
    const tab = await openUserDatabase(ANN, { indexedDB, IDBKeyRange });
    const locks = new FakeLocks();
    const held: HeldLocks = new Map();
    const failed = withSyncLock(tab, held, locks, clock, 'push', () => Promise.reject(new Error('offline')));
    await expect(failed).rejects.toThrow('offline');
    expect(await withSyncLock(tab, held, locks, clock, 'push', () => Promise.resolve(3))).toBe(3);
    await expect.poll(() => locks.isHeld(syncLockName(tab, 'push'))).toBe(false);
    expect(await getMeta(tab, 'lease:push')).toEqual({ until: 0 });
    tab.close();
  });
});
