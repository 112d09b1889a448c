import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { openUserDatabase } from './open-user-database.ts';
import { hasUserDatabase } from './user-database-name.ts';

describe('hasUserDatabase', () => {
  it("tells a device with the user's database from one without, and creates none", async () => {
    const indexedDB = new IDBFactory();
    expect(await hasUserDatabase('ann', indexedDB)).toBe(false);
    (await openUserDatabase('ann', { indexedDB, IDBKeyRange })).close();
    expect(await hasUserDatabase('ann', indexedDB)).toBe(true);
    expect(await hasUserDatabase('bob', indexedDB)).toBe(false);
    expect((await indexedDB.databases()).map((info) => info.name)).toEqual(['murmur-user-ann']);
  });

  it('cannot tell where the browser does not list its databases', async () => {
    const cannotList = Object.create(null) as IDBFactory;
    expect(await hasUserDatabase('ann', cannotList)).toBeNull();
  });
});
