import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { isCatchingUp } from './catching-up.ts';
import { openUserDatabase } from './open-user-database.ts';
import { setMeta } from './sync-meta.ts';

describe('isCatchingUp', () => {
  it('holds until the first pull, again while a walk has not reached the clock, and not after', async () => {
    const db = await openUserDatabase('ann', { indexedDB: new IDBFactory(), IDBKeyRange });
    expect(await isCatchingUp(db)).toBe(true); // never pulled: the first sync is still to come
    await setMeta(db, 'cursor', 42);
    expect(await isCatchingUp(db)).toBe(false);
    await setMeta(db, 'catching_up', true);
    expect(await isCatchingUp(db)).toBe(true); // a walk applied pages short of the clock
    await setMeta(db, 'catching_up', false);
    expect(await isCatchingUp(db)).toBe(false);
    db.close();
  });
});
