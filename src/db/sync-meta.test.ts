import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { openUserDatabase } from './open-user-database.ts';
import { getClientId, getMeta } from './sync-meta.ts';

describe('getClientId', () => {
  it('gives two connections that start on a new database at once the same stored id', async () => {
    // Two tabs, or a tab and its sync worker: each its own connection to the one database.
    const env = { indexedDB: new IDBFactory(), IDBKeyRange };
    const tab = await openUserDatabase('ann', env);
    const worker = await openUserDatabase('ann', env);
    const [fromTab, fromWorker] = await Promise.all([
      getClientId(tab, { next: () => 'client-of-the-tab' }),
      getClientId(worker, { next: () => 'client-of-the-worker' }),
    ]);
    expect(fromWorker).toBe(fromTab);
    expect(await getMeta(tab, 'client')).toBe(fromTab);
    tab.close();
    worker.close();
  });

  it("joins a command's transaction", async () => {
    const env = { indexedDB: new IDBFactory(), IDBKeyRange };
    const db = await openUserDatabase('bob', env);
    const id = await db.transaction('rw', [db.notes, db.sync_meta], () =>
      getClientId(db, { next: () => 'client-of-bob' }),
    );
    expect(id).toBe('client-of-bob');
    expect(await getClientId(db, { next: () => 'unused' })).toBe('client-of-bob');
    db.close();
  });
});
