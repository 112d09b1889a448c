// Dexie's live queries read through the global IndexedDB (its dependencies), as in a browser.
import 'fake-indexeddb/auto';

import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatHlc } from '../hlc.ts';
import { NOTE_ORDER_INDEX } from '../note-list-index.ts';
import { deleteUserDatabase, openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { getHlcState, setMeta } from '../sync-meta.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createCommands, type Commands } from './create-commands.ts';
import { lastWrite } from './last-write.ts';
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

describe('a change in its own transaction (ADR 0112)', () => {
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
    // The list's derived keys are written as Dexie's middleware would write them.
    expect(stored?._sync.order).toMatch(/^1/);
    expect(stored?._sync.liveTags).toEqual([]);
    expect(await getHlcState(db)).toBe(stored?._sync.hlc['body']);
    editor.stop();
    list.stop();
    pending.stop();
  });

  it("plans again from the stored row when another tab changed it since this tab's last save", async () => {
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
    // Planned from the stored row: its HLC follows the other tab's, and its base is the body's last stamp.
    expect((bodyChange?.hlc['body'] ?? '') > (titleChange?.hlc['title'] ?? '')).toBe(true);
    expect(bodyChange?.base['body']).toBe(queued.at(-3)?.hlc['body']);
    expect(await getHlcState(db)).toBe(bodyChange?.hlc['body']);
  });

  it("keeps the newer server version the pull stamped on this tab's own change, followed or not yet", async () => {
    await commands.updateNote(noteId, { body: 'milk, eggs' });
    const acknowledged = await db.notes.get(noteId);
    if (!acknowledged) throw new Error('the note is missing');
    // What the pull writes once the server has the change, from the sync worker's own connection: the
    // same row at the server's version. The save comes before this tab has read it again.
    const worker = await openUserDatabase(user);
    await worker.notes.put({ ...acknowledged, _sync: { ...acknowledged._sync, version: 7 } });

    now += 1_000;
    await commands.updateNote(noteId, { body: 'milk, eggs, bread' });
    expect(await db.notes.get(noteId)).toMatchObject({ body: 'milk, eggs, bread', _sync: { version: 7 } });

    // The next stamp, then a save once this tab has followed it.
    const saved = await db.notes.get(noteId);
    if (!saved) throw new Error('the note is missing');
    await worker.notes.put({ ...saved, _sync: { ...saved._sync, version: 8 } });
    worker.close();
    await vi.waitFor(() => expect(lastWrite(db, 'notes', noteId)?.row._sync.version).toBe(8));
    now += 1_000;
    await commands.updateNote(noteId, { body: 'milk, eggs, bread, tea' });
    expect(await db.notes.get(noteId)).toMatchObject({
      body: 'milk, eggs, bread, tea',
      _sync: { version: 8 },
    });
  });

  it('follows what other connections put on the remembered row and the HLC state', async () => {
    await commands.updateNote(noteId, { body: 'milk, eggs' });
    const acknowledged = await db.notes.get(noteId);
    if (!acknowledged) throw new Error('the note is missing');
    // A pull that also brought a remote change moved the clock state an hour ahead.
    const remoteHlc = formatHlc({ ms: now + 3_600_000, counter: 0, node: 'b'.repeat(32) });
    const worker = await openUserDatabase(user);
    await worker.transaction('rw', worker.notes, worker.sync_meta, async () => {
      await worker.notes.put({
        ...acknowledged,
        title: 'Shop',
        _sync: { ...acknowledged._sync, version: 7 },
      });
      await setMeta(worker, 'hlc', remoteHlc);
    });
    worker.close();
    await vi.waitFor(() => expect(lastWrite(db, 'notes', noteId)?.hlcState).toBe(remoteHlc));
    expect(lastWrite(db, 'notes', noteId)?.row).toMatchObject({ title: 'Shop', _sync: { version: 7 } });

    now += 1_000;
    await commands.updateNote(noteId, { body: 'milk, eggs, bread' });
    const stored = await db.notes.get(noteId);
    expect(stored).toMatchObject({ title: 'Shop', body: 'milk, eggs, bread', _sync: { version: 7 } });
    // The save's HLC follows the clock state the pull left, as if planned from the reads.
    expect((stored?._sync.hlc['body'] ?? '') > remoteHlc).toBe(true);
  });

  it('reads nothing again at the commit of its own save made in a Dexie transaction', async () => {
    // A check-in's save removes its form's draft in the same transaction: Dexie's, not a native one.
    await commands.keepFormDraft('mood:new', { note: 'calm' });
    // The save reads in its own read-write transaction; a read of the row again would be a read-only one.
    const readsAlone: string[] = [];
    const get = IDBObjectStore.prototype.get;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
      this: IDBObjectStore,
      key: IDBValidKey | IDBKeyRange,
    ) {
      if (this.transaction.mode === 'readonly') readsAlone.push(this.name);
      return get.call(this, key);
    });
    try {
      const id = await commands.createMoodEntry(
        { level: 4, activities: [], note: 'calm', moment: new Date(now).toISOString() },
        { draftKey: 'mood:new' },
      );
      // Long enough for a read asked at the commit to be made.
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(readsAlone).toEqual([]);
      expect(lastWrite(db, 'mood_entries', id)?.row).toMatchObject({ level: 4, note: 'calm' });
    } finally {
      spy.mockRestore();
    }
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
