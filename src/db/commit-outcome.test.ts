import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestIds } from '../testing/sync/test-ids.ts';
import { createCommands } from './commands/create-commands.ts';
import { commitOutcome } from './commit-outcome.ts';
import { openUserDatabase } from './open-user-database.ts';
import type { MurmurDatabase } from './schema.ts';

const USER = '0000aaaa-0000-7000-8000-000000000002';
const clock = { now: () => Date.UTC(2026, 10, 27, 9, 0, 0), timeZone: () => 'Europe/Lisbon' };

describe('commitOutcome', () => {
  let factory: IDBFactory;
  let db: MurmurDatabase;

  beforeEach(async () => {
    factory = new IDBFactory();
    db = await openUserDatabase(USER, { indexedDB: factory, IDBKeyRange });
  });

  afterEach(() => db.close());

  it('reports a readwrite transaction that commits', async () => {
    let outcome: Promise<boolean> | null = null;
    await db.transaction('rw', db.sync_meta, async (transaction) => {
      outcome = commitOutcome(transaction.idbtrans);
      await db.sync_meta.put({ key: 'pulls', value: 1 });
    });
    expect(await outcome).toBe(true);
  });

  it('reports a readwrite transaction that aborts, whose write is gone', async () => {
    let outcome: Promise<boolean> | null = null;
    await expect(
      db.transaction('rw', db.sync_meta, async (transaction) => {
        outcome = commitOutcome(transaction.idbtrans);
        await db.sync_meta.put({ key: 'pulls', value: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await outcome).toBe(false);
    expect(await db.sync_meta.get('pulls')).toBeUndefined();
  });

  it('has nothing to report for a readonly transaction', async () => {
    const outcome = await db.transaction('r', db.sync_meta, (transaction) =>
      commitOutcome(transaction.idbtrans),
    );
    expect(outcome).toBeNull();
  });

  it("lets a change answer with its fields once committed, readable from another of the device's connections", async () => {
    const commands = createCommands(db, { clock, ids: createTestIds(1) });
    const id = await commands.createNote({ title: 'Tide tables' });
    const other = await openUserDatabase(USER, { indexedDB: factory, IDBKeyRange });
    try {
      expect(await commands.updateNote(id, { body: 'High water at 6:40', title: 'Tide tables' })).toEqual([
        'body',
      ]);
      expect(await other.notes.get(id)).toMatchObject({ title: 'Tide tables', body: 'High water at 6:40' });
      // A refused change answers with its error, not with the commit of nothing.
      await expect(
        commands.updateNote('00000000-0000-7000-8000-00000000ffff', { body: 'x' }),
      ).rejects.toThrow('does not exist');
    } finally {
      other.close();
    }
  });
});
