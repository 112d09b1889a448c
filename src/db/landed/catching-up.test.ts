import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { openUserDatabase } from '../open-user-database.ts';
import { setMeta } from '../sync-meta.ts';
import { isCatchingUp } from './catching-up.ts';

describe('isCatchingUp', () => {
  it('holds until the first pull, again while landed rows wait to settle, and not after', async () => {
    const db = await openUserDatabase('ann', { indexedDB: new IDBFactory(), IDBKeyRange });
    expect(await isCatchingUp(db)).toBe(true); // never pulled: the first sync is still to come
    await setMeta(db, 'cursor', 42);
    expect(await isCatchingUp(db)).toBe(false);
    const seq = await db.landed.add({ table: 'notes', rows: [] });
    expect(await isCatchingUp(db)).toBe(true); // a catch-up's rows landed whole, not settled yet
    await db.landed.delete(seq);
    expect(await isCatchingUp(db)).toBe(false);
    db.close();
  });
});
