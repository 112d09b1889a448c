import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { createCommands } from './commands/create-commands.ts';
import { deleteUserDatabase, openUserDatabase, userDatabaseName } from './open-user-database.ts';
import { createTestIds } from '../testing/sync/test-ids.ts';

const clock = { now: () => Date.UTC(2026, 10, 22), timeZone: () => 'UTC' };

describe('[R30] one database per user', () => {
  it('keeps two accounts on one device apart', async () => {
    const env = { indexedDB: new IDBFactory(), IDBKeyRange };
    const ann = await openUserDatabase('0000000a-0000-7000-8000-0000000000a1', env);
    const bob = await openUserDatabase('0000000b-0000-7000-8000-0000000000b1', env);
    await createCommands(ann, { clock, ids: createTestIds(1) }).createNote({ title: "Ann's" });
    expect(await ann.notes.count()).toBe(1);
    expect(await bob.notes.count()).toBe(0);
    expect(await bob.outbox.count()).toBe(0);
    expect(ann.name).toBe(userDatabaseName(ann.userId));
    expect(ann.name).not.toBe(bob.name);
    ann.close();
    bob.close();
  });

  it("deletes one user's database and nothing else", async () => {
    const env = { indexedDB: new IDBFactory(), IDBKeyRange };
    const ann = await openUserDatabase('ann', env);
    const bob = await openUserDatabase('bob', env);
    await createCommands(bob, { clock, ids: createTestIds(2) }).createNote();
    ann.close();
    bob.close();
    await deleteUserDatabase('bob', env);
    const bobAgain = await openUserDatabase('bob', env);
    expect(await bobAgain.notes.count()).toBe(0);
    bobAgain.close();
  });

  it('refuses user ids that could escape the name', () => {
    expect(() => userDatabaseName('../x')).toThrow();
    expect(() => userDatabaseName('')).toThrow();
  });
});
