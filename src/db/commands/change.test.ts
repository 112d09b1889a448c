// Dexie's live queries read through the global IndexedDB (its dependencies), as in a browser.
import 'fake-indexeddb/auto';

import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { NOTE_ORDER_INDEX } from '../note-list-index.ts';
import { deleteUserDatabase, openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { getHlcState } from '../sync-meta.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createCommands, type Commands } from './create-commands.ts';
import { EntityDeletedError } from './write-change.ts';

let users = 0;
let now = Date.UTC(2026, 10, 27, 8, 0, 0);
const clock = { now: () => now, timeZone: () => 'Europe/Lisbon' };

/** The latest value a live query has emitted, and a way to wait for one that passes a check. */
function watch<T>(query: () => Promise<T>) {
  let latest: T | undefined;
  const waiters: { check: (value: T) => boolean; resolve: (value: T) => void }[] = [];
  const subscription = liveQuery(query).subscribe((value) => {
    latest = value;
    for (const waiter of [...waiters]) {
      if (!waiter.check(value)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(value);
    }
  });
  return {
    until: (check: (value: T) => boolean) =>
      latest !== undefined && check(latest)
        ? Promise.resolve(latest)
        : new Promise<T>((resolve) => waiters.push({ check, resolve })),
    stop: () => subscription.unsubscribe(),
  };
}

describe('a change in its own Dexie transaction (R5)', () => {
  let user: string;
  let db: MurmurDatabase;
  let commands: Commands;
  let noteId: string;

  beforeEach(async () => {
    now = Date.UTC(2026, 10, 27, 8, 0, 0);
    users += 1;
    user = `0000aaaa-0000-7000-8000-${String(users).padStart(12, '0')}`;
    db = await openUserDatabase(user);
    commands = createCommands(db, { clock, ids: createTestIds(1) });
    noteId = await commands.createNote({ title: 'Groceries', body: 'milk' });
  });

  afterEach(() => deleteUserDatabase(user));

  it("is seen by an editor's live note, the list's cached ordered query and the pending count", async () => {
    const editor = watch(() => db.notes.get(noteId));
    const list = watch(() => db.notes.orderBy(NOTE_ORDER_INDEX).toArray());
    const pending = watch(() => db.outbox.count());
    await list.until((rows) => rows[0]?.body === 'milk');
    for (const body of ['milk, eggs', 'milk, eggs, bread', 'milk, eggs, bread, tea']) {
      now += 1_000;
      expect(await commands.updateNote(noteId, { body })).toEqual(['body']);
      await editor.until((note) => note?.body === body);
      await list.until((rows) => rows[0]?.body === body);
    }
    await pending.until((count) => count === 4);
    const stored = await db.notes.get(noteId);
    // The list's derived keys are written by its middleware.
    expect(stored?._sync.order).toMatch(/^1/);
    expect(stored?._sync.liveTags).toEqual([]);
    expect(await getHlcState(db)).toBe(stored?._sync.hlc['body']);
    editor.stop();
    list.stop();
    pending.stop();
  });

  it("answers once committed, readable from another of the device's connections", async () => {
    const other = await openUserDatabase(user);
    try {
      expect(await commands.updateNote(noteId, { body: 'High water at 6:40', title: 'Groceries' })).toEqual([
        'body',
      ]);
      expect(await other.notes.get(noteId)).toMatchObject({ title: 'Groceries', body: 'High water at 6:40' });
      // A refused change answers with its error.
      await expect(
        commands.updateNote('00000000-0000-7000-8000-00000000ffff', { body: 'x' }),
      ).rejects.toThrow('does not exist');
    } finally {
      other.close();
    }
  });

  it('plans from the stored row when another tab changed it since this tab last saved', async () => {
    await commands.updateNote(noteId, { body: 'milk, eggs' });
    const otherTab = await openUserDatabase(user);
    now += 1_000;
    await createCommands(otherTab, { clock, ids: createTestIds(2) }).updateNote(noteId, { title: 'Shop' });
    otherTab.close();

    now += 1_000;
    expect(await commands.updateNote(noteId, { body: 'milk, eggs, bread' })).toEqual(['body']);

    const stored = await db.notes.get(noteId);
    expect(stored).toMatchObject({ title: 'Shop', body: 'milk, eggs, bread' });
    const queued = await db.outbox.toArray();
    const [titleChange, bodyChange] = queued.slice(-2);
    expect(titleChange?.patch).toEqual({ title: 'Shop' });
    expect(bodyChange?.patch).toEqual({ body: 'milk, eggs, bread' });
    // Its HLC follows the other tab's, and its base is the body's last stamp.
    expect((bodyChange?.hlc['body'] ?? '') > (titleChange?.hlc['title'] ?? '')).toBe(true);
    expect(bodyChange?.base['body']).toBe(queued.at(-3)?.hlc['body']);
    expect(await getHlcState(db)).toBe(bodyChange?.hlc['body']);
  });

  it("keeps the server version the pull stamped on this tab's own change", async () => {
    await commands.updateNote(noteId, { body: 'milk, eggs' });
    const acknowledged = await db.notes.get(noteId);
    if (!acknowledged) throw new Error('the note is missing');
    // What the pull writes once the server has the change, from the sync worker's own connection.
    const worker = await openUserDatabase(user);
    await worker.notes.put({ ...acknowledged, _sync: { ...acknowledged._sync, version: 7 } });
    worker.close();

    now += 1_000;
    await commands.updateNote(noteId, { body: 'milk, eggs, bread' });
    expect(await db.notes.get(noteId)).toMatchObject({ body: 'milk, eggs, bread', _sync: { version: 7 } });
  });

  it('writes nothing when the stored row refuses the change (deleted in another tab)', async () => {
    await commands.updateNote(noteId, { body: 'milk, eggs' });
    const otherTab = await openUserDatabase(user);
    await createCommands(otherTab, { clock, ids: createTestIds(2) }).deleteNote(noteId);
    otherTab.close();
    const queued = await db.outbox.count();
    const hlcState = await getHlcState(db);

    await expect(commands.updateNote(noteId, { body: 'lost?' })).rejects.toBeInstanceOf(EntityDeletedError);
    expect(await db.notes.get(noteId)).toMatchObject({ body: 'milk, eggs' });
    expect(await db.outbox.count()).toBe(queued);
    expect(await getHlcState(db)).toBe(hlcState);
  });

  it('answers with no fields and queues nothing when the save changes nothing', async () => {
    await commands.updateNote(noteId, { body: 'milk, eggs' });
    const queued = await db.outbox.count();
    expect(await commands.updateNote(noteId, { body: 'milk, eggs' })).toEqual([]);
    expect(await db.outbox.count()).toBe(queued);
  });
});
