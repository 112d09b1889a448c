import { IDBObjectStore as FakeIDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';

import { isCatchingUp } from '../db/catching-up.ts';
import { applyPullPage } from './apply-pull-page.ts';
import { pullRequestSchema, type PullRequest } from './protocol.ts';
import { TransportError } from './transport.ts';
import { getAckedMutationSeq, getCursor, getHlcState } from '../db/sync-meta.ts';
import { macrotask, settle, type TestTab } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER, twoStartedDevices } from '../testing/sync/test-world.ts';

/** The device stores exactly the notes its cursor covers (R13); returns them. */
async function expectNotesUpToCursor(world: ReturnType<typeof createTestWorld>, tab: TestTab) {
  const cursor = await getCursor(tab.db);
  const stored = await tab.db.notes.toArray();
  const covered = world.server
    .rows(TEST_USER)
    .filter((row) => row.table === 'notes' && row.version <= cursor);
  expect(stored.map((note) => note.id).sort()).toEqual(covered.map((row) => row.id).sort());
  return stored;
}

async function sync(...tabs: TestTab[]) {
  for (const tab of tabs) void tab.engine.syncNow();
  await settle(tabs);
}

describe('pull', () => {
  it('[R13] walks pages to the clock and applies each with its cursor', async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    b.transport.pokesEnabled = false; // b pulls only when asked below
    for (let i = 0; i < 5; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    let pulls = 0;
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = (request, session) => {
      pulls++;
      return pull(request, session);
    };
    await sync(b);
    expect(await b.db.notes.count()).toBe(5);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
    // Five notes two to a page: three requests, and no second walk for the sync asked before them.
    expect(pulls).toBe(3);
  });

  it('[R13] a walk asks for a short first page, so a fresh device has rows to show after one small request', async () => {
    const { a, b } = await twoStartedDevices({ pullLimit: 300 });
    b.transport.pokesEnabled = false; // b pulls only when asked below
    for (let i = 0; i < 150; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    const limits: number[] = [];
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = (request: PullRequest, session) => {
      limits.push(request.limit);
      return pull(request, session);
    };
    await sync(b);
    expect(await b.db.notes.count()).toBe(150);
    // The first request is short; the rest of the walk asks for the pull limit.
    expect(limits).toEqual([100, 300]);
  });

  it('[R13] a long catch-up stores pages as they arrive, so a slow network shows progress', async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    b.transport.pokesEnabled = false; // a catch-up: the rows come by pulls, not with a poke (R27a)
    for (let i = 0; i < 9; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    const storedWhenAsked: number[] = [];
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = async (request, session) => {
      storedWhenAsked.push(await b.db.notes.count());
      world.timers.advance(300); // each page takes 300 ms to arrive
      return pull(request, session);
    };
    await sync(b);
    expect(await b.db.notes.count()).toBe(9);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
    // Pages are fetched ahead while earlier ones are applied; what has arrived is stored, not held back.
    expect(storedWhenAsked[0]).toBe(0);
    expect(storedWhenAsked.some((count) => count > 0 && count < 9)).toBe(true);
  });

  it('[R13] a first sync writes each page into its table and is catching up until the clock (ADR 0132)', async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    b.transport.pokesEnabled = false; // a catch-up: the rows come by pulls, not with a poke (R27a)
    for (let i = 0; i < 9; i++) await a.commands.createNote({ title: `n${i}`, tags: ['t'] });
    await sync(a);
    // Rows in the notes object store itself, below Dexie, each time a page is asked for.
    const inStore = () =>
      new Promise<number>((resolve, reject) => {
        const request = b.db.backendDB().transaction('notes').objectStore('notes').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
    const seen: { rows: number; catchingUp: boolean }[] = [];
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = async (request, session) => {
      seen.push({ rows: await inStore(), catchingUp: await isCatchingUp(b.db) });
      world.timers.advance(300);
      return pull(request, session);
    };
    await sync(b);
    expect(seen[0]).toEqual({ rows: 0, catchingUp: true });
    expect(seen.some(({ rows, catchingUp }) => rows > 0 && rows < 9 && catchingUp)).toBe(true);
    expect(await inStore()).toBe(9);
    expect(await isCatchingUp(b.db)).toBe(false);
    // The rows are the table's own: its indexes list them, with the HLCs A wrote.
    expect(await b.db.notes.where('_sync.liveTags').equals('t').count()).toBe(9);
    const ids = (await a.db.notes.toArray()).map((note) => note.id);
    const hlcs = async (tab: TestTab) => (await tab.db.notes.bulkGet(ids)).map((note) => note?._sync.hlc);
    expect(await hlcs(b)).toEqual(await hlcs(a));
  });

  it('[R13][R27] a write during a long catch-up is pushed after the page being applied, not after the walk', async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    b.transport.pokesEnabled = false; // a catch-up: the rows come by pulls, not with a poke (R27a)
    for (let i = 0; i < 9; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));
    const nextRequest = async () => {
      for (let i = 0; i < 300 && b.transport.pending === 0; i++) await macrotask();
    };

    void b.engine.syncNow();
    await nextRequest();
    expect(b.transport.pendingKinds()).toEqual(['pull']);
    await b.transport.deliver(0);
    await nextRequest();
    const id = await b.commands.createNote({ body: 'written during the catch-up' });
    b.engine.notifyLocalWrite();
    // The next page is applied, then the walk pauses: the write goes out before the remaining pages.
    await b.transport.deliver(0);
    for (let i = 0; i < 300 && !b.transport.pendingKinds().includes('push'); i++) await macrotask();
    expect(b.transport.pendingKinds()).toContain('push');
    const pulledBeforePush = (await b.db.notes.count()) - 1;
    expect(pulledBeforePush).toBeGreaterThan(0);
    expect(pulledBeforePush).toBeLessThan(9);

    // It pulls on from its cursor. Another write right away does not pause it again: pauses drop the
    // pages fetched ahead, so typing through a catch-up pauses it at most every 2 s.
    const pulls = () => b.transport.pendingKinds().filter((kind) => kind === 'pull').length;
    await b.transport.deliver(b.transport.pendingKinds().indexOf('push'));
    // The push is acknowledged and the walk asks for its next page (beside the one dropped at the pause).
    for (let i = 0; i < 300 && pulls() < 2; i++) await macrotask();
    expect(b.transport.pendingKinds()).toEqual(['pull', 'pull']);
    const second = await b.commands.createNote({ body: 'and again' });
    b.engine.notifyLocalWrite();
    const storedBefore = await b.db.notes.count();
    await b.transport.deliver(1);
    for (let i = 0; i < 300 && (await b.db.notes.count()) === storedBefore; i++) await macrotask();
    for (let i = 0; i < 20; i++) await macrotask();
    expect(b.transport.pendingKinds()).not.toContain('push');
    await settle([a, b]);
    expect(world.server.rows(TEST_USER).some((row) => row.id === id)).toBe(true);
    expect(world.server.rows(TEST_USER).some((row) => row.id === second)).toBe(true);
    expect(await b.db.notes.count()).toBe(11);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
    expect(await b.db.outbox.count()).toBe(0);
  });

  it('[R13] a command that wrote nothing does not pause a long catch-up', async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    for (let i = 0; i < 9; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    const cursors: number[] = [];
    const { pull } = b.transport;
    b.transport.pull = (request: PullRequest, session) => {
      cursors.push(request.cursor);
      return pull.call(b.transport, request, session);
    };
    const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));
    void b.engine.syncNow();
    for (let i = 0; i < 300 && b.transport.pending === 0; i++) await macrotask();
    await b.transport.deliver(0);
    for (let i = 0; i < 300 && b.transport.pending === 0; i++) await macrotask();
    // Told of a write, but the outbox is empty (a command that changed nothing notifies too).
    b.engine.notifyLocalWrite();
    await settle([a, b]);
    // A pause would have dropped the page fetched ahead and asked for it again.
    expect(cursors).toEqual([...new Set(cursors)]);
    expect(await b.db.notes.count()).toBe(9);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R13] a catch-up cut off midway keeps the cursor on rows it stored; the next sync completes it', async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    b.transport.pokesEnabled = false; // a catch-up: the rows come by pulls, not with a poke (R27a)
    for (let i = 0; i < 9; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    let calls = 0;
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = async (request, session) => {
      calls += 1;
      world.timers.advance(300);
      if (calls === 4) throw new TransportError('network', 'connection reset');
      return pull(request, session);
    };
    await sync(b);
    const stored = await expectNotesUpToCursor(world, b);
    expect(stored.length).toBeLessThan(9);
    b.transport.pull = pull;
    await sync(b);
    expect(await b.db.notes.count()).toBe(9);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R13] a transaction that fails mid-walk stores nothing after it; the next sync completes', async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    b.transport.pokesEnabled = false; // a catch-up: the rows come by pulls, not with a poke (R27a)
    for (let i = 0; i < 9; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = async (request, session) => {
      world.timers.advance(300); // pages arrive one by one: each is its own transaction
      return pull(request, session);
    };
    // The database aborts the first transaction (a full disk, say); the rest of the pages have arrived.
    const holdsN1 = (value: unknown) => (value as { title?: unknown }).title === 'n1';
    const refusing = (write: 'put' | 'add') => {
      const original = FakeIDBObjectStore.prototype[write];
      return vi.spyOn(FakeIDBObjectStore.prototype, write).mockImplementation(function (
        this: IDBObjectStore,
        value: unknown,
        key?: IDBValidKey,
      ) {
        if (holdsN1(value)) this.transaction.abort();
        return original.call(this, value, key);
      });
    };
    const refuse = [refusing('put'), refusing('add')];
    await sync(b);
    expect(b.engine.status.get().state).toBe('error');
    const stored = await expectNotesUpToCursor(world, b);
    expect(stored.some((note) => note.title === 'n8')).toBe(false);
    for (const spy of refuse) spy.mockRestore();
    await sync(b);
    expect(await b.db.notes.count()).toBe(9);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it("[R13] a pulled row that fails its table's schema stops the pull before anything is stored", async () => {
    const { world, a, b } = await twoStartedDevices({ pullLimit: 2 });
    b.transport.pokesEnabled = false; // the rows come by the pull below, not with a poke (R27a)
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = async (request, session) => {
      const page = (await pull(request, session)) as { rows?: { data: Record<string, unknown> }[] };
      const row = page.rows?.[1];
      if (row) row.data = { ...row.data, font_size: 'huge' };
      return page;
    };
    for (let i = 0; i < 5; i++) await a.commands.createNote({ title: `n${i}` });
    await sync(a);
    const cursorBefore = await getCursor(b.db);
    await sync(b);
    expect(b.engine.status.get()).toMatchObject({ state: 'error', error: { kind: 'malformed' } });
    expect(await b.db.notes.count()).toBe(0);
    expect(await getCursor(b.db)).toBe(cursorBefore);
    b.transport.pull = pull;
    await sync(b);
    expect(await b.db.notes.count()).toBe(5);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R13] skips rows not newer than the local row (re-delivered or reordered pages)', async () => {
    const { world, a, b } = await twoStartedDevices();
    const id = await a.commands.createNote({ body: 'v1' });
    await sync(a, b);
    const old = world.server.rows(TEST_USER).find((r) => r.id === id);
    await a.commands.updateNote(id, { body: 'v2' });
    await sync(a, b);
    if (!old) throw new Error('setup');
    await applyPullPage(b.db, [old], old.version, undefined);
    expect((await b.db.notes.get(id))?.body).toBe('v2');
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R14] keeps a pending local field that is newer, takes the server for the rest', async () => {
    const { world, a, b } = await twoStartedDevices();
    const id = await a.commands.createNote({ title: 't', body: 'b' });
    await sync(a, b);
    world.timers.advance(1000);
    await a.commands.updateNote(id, { title: 'title from A' });
    await sync(a);
    world.timers.advance(1000);
    await b.commands.updateNote(id, { body: 'body typed on B' });
    b.device.connectivity.set(false);
    // Apply A's change to B while B's edit is still queued.
    const rows = world.server.rows(TEST_USER);
    await applyPullPage(b.db, rows, world.server.clock(TEST_USER), undefined);
    expect(await b.db.notes.get(id)).toMatchObject({ title: 'title from A', body: 'body typed on B' });
    b.device.connectivity.set(true);
    await sync(b, a);
    expect(await a.db.notes.get(id)).toMatchObject({ title: 'title from A', body: 'body typed on B' });
  });

  it('[R14] shows the server value over an older pending edit, which the server then keeps as a conflict', async () => {
    const { world, a, b } = await twoStartedDevices();
    const id = await a.commands.createNote({ body: 'start' });
    await sync(a, b);
    b.device.connectivity.set(false);
    await b.commands.updateNote(id, { body: 'older edit on B' });
    world.timers.advance(5000);
    await a.commands.updateNote(id, { body: 'newer edit on A' });
    await sync(a);
    await applyPullPage(b.db, world.server.rows(TEST_USER), world.server.clock(TEST_USER), undefined);
    expect((await b.db.notes.get(id))?.body).toBe('newer edit on A');
    b.device.connectivity.set(true);
    await sync(b, a);
    expect((await b.db.notes.get(id))?.body).toBe('newer edit on A');
    const conflicts = await a.db.conflicts.toArray();
    expect(conflicts).toEqual([
      expect.objectContaining({
        kind: 'lww_lost',
        row_id: id,
        field: 'body',
        losing_value: 'older edit on B',
      }),
    ]);
  });

  it('[R14a] a page read before a push acknowledged meanwhile is asked for again, so the edit never goes back', async () => {
    const world = createTestWorld();
    const device = world.device();
    const pusher = await world.tab(device);
    const puller = await world.tab(device);
    const other = await world.tab(world.device());
    for (const tab of [pusher, puller, other]) tab.engine.start();
    const id = await pusher.commands.createNote({ title: 'title', body: 'first' });
    await settle([pusher, puller, other]);
    // Another device changes the title, so the next page has the note in it; this device pulls only
    // when the test says.
    pusher.transport.pokesEnabled = false;
    puller.transport.pokesEnabled = false;
    await other.commands.updateNote(id, { title: 'title from elsewhere' });
    other.engine.notifyLocalWrite();
    await settle([other]);

    // One tab's walk: the server reads its page, and the answer is held back.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let pulls = 0;
    const pull = puller.transport.pull.bind(puller.transport);
    puller.transport.pull = async (request, session) => {
      pulls++;
      const page = await pull(request, session);
      if (pulls === 1) await released;
      return page;
    };
    void puller.engine.syncNow();
    for (let i = 0; i < 100 && puller.transport.pending === 0; i++) await macrotask();
    expect(await puller.transport.deliverAll()).toBe(1);

    // Meanwhile the other tab pushes an edit, and records the server's acknowledgement (its outbox row
    // goes); its own pull waits for the walk's lock.
    await pusher.commands.updateNote(id, { body: 'edited here' });
    pusher.engine.notifyLocalWrite();
    await settle([pusher]);
    expect(await pusher.db.outbox.count()).toBe(0);

    release();
    await settle([pusher, puller]);
    // The held page predates the push: applied, it would have shown 'first' again with nothing queued
    // to keep 'edited here', and the next edit would have been based on the old text.
    expect(pulls).toBe(2);
    expect(await puller.db.notes.get(id)).toMatchObject({
      title: 'title from elsewhere',
      body: 'edited here',
    });
    expect(await getCursor(puller.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R14a] a page read before an acknowledged push applies nothing and keeps the cursor', async () => {
    const { world, a } = await twoStartedDevices();
    const id = await a.commands.createNote({ body: 'first' });
    await sync(a);
    // What the server's ledger for this client said when it read the page below.
    const seqBeforeEdit = await getAckedMutationSeq(a.db);
    const rowsBeforeEdit = world.server.rows(TEST_USER).filter((row) => row.id === id);
    await a.commands.updateNote(id, { body: 'edited here' });
    await sync(a);
    const acked = await getAckedMutationSeq(a.db);
    expect(acked).toBeGreaterThan(seqBeforeEdit);
    // Stamped past the local row, so the version guard (R13) would not skip it.
    const next = world.server.clock(TEST_USER) + 1;
    const page = rowsBeforeEdit.map((row) => ({ ...row, version: next }));
    const result = await applyPullPage(a.db, page, next, undefined, { snapshotMutationSeq: seqBeforeEdit });
    expect(result).toMatchObject({ stale: true });
    expect((await a.db.notes.get(id))?.body).toBe('edited here');
    expect(await getCursor(a.db)).toBe(world.server.clock(TEST_USER));
    // The same page read after the push is applied.
    const current = await applyPullPage(a.db, page, next, undefined, { snapshotMutationSeq: acked });
    expect(current.stale).toBeUndefined();
    expect(await getCursor(a.db)).toBe(next);
  });

  it('[R11] moves the local HLC past what it pulled, so the next local edit is newer', async () => {
    const world = createTestWorld();
    const fast = await world.tab(world.device({ skewMs: 4 * 60_000 }));
    const slow = await world.tab(world.device({ skewMs: -10 * 60_000 }));
    fast.engine.start();
    slow.engine.start();
    const id = await fast.commands.createNote({ body: 'fast clock' });
    await sync(fast, slow);
    expect((await getHlcState(slow.db)) >= ((await slow.db.notes.get(id))?._sync.hlc['body'] ?? '')).toBe(
      true,
    );
    await slow.commands.updateNote(id, { body: 'slow clock, but later' });
    await sync(slow, fast);
    expect((await fast.db.notes.get(id))?.body).toBe('slow clock, but later');
    expect(await fast.db.conflicts.count()).toBe(0);
  });

  it('[R4] a pulled row that fails validation applies nothing and keeps the cursor', async () => {
    const { a, b } = await twoStartedDevices();
    b.transport.pokesEnabled = false; // the rows come by the pull below, not with a poke (R27a)
    await a.commands.createNote({ body: 'x' });
    await sync(a);
    const cursor = await getCursor(b.db);
    b.transport.tamper = (kind, response) => {
      if (kind !== 'pull') return response;
      const page = response as { rows?: { data: Record<string, unknown> }[] };
      for (const row of page.rows ?? []) row.data['font_size'] = 'huge';
      return page;
    };
    await sync(b);
    expect(await b.db.notes.count()).toBe(0);
    expect(await getCursor(b.db)).toBe(cursor);
    expect(b.engine.status.get()).toMatchObject({ state: 'error', error: { kind: 'malformed' } });
  });

  it('[R24][R25] an edit racing a delete keeps the entry deleted (with the edit), until restored', async () => {
    const { world, a, b } = await twoStartedDevices();
    const id = await a.commands.createNote({ body: 'draft' });
    await sync(a, b);
    b.device.connectivity.set(false);
    world.timers.advance(1000);
    await a.commands.deleteNote(id);
    await sync(a);
    world.timers.advance(1000);
    await b.commands.updateNote(id, { body: 'edited offline after the delete' });
    b.device.connectivity.set(true);
    await sync(b, a);
    for (const tab of [a, b]) {
      expect(await tab.db.notes.get(id)).toMatchObject({ body: 'edited offline after the delete' });
      expect((await tab.db.notes.get(id))?.deleted_at).not.toBeNull();
    }
    await b.commands.restoreNote(id);
    await sync(b, a);
    expect((await a.db.notes.get(id))?.deleted_at).toBeNull();
  });

  it('[R26] on reset_required keeps queued changes, forgets the rest and pulls everything again', async () => {
    const { world, a, b } = await twoStartedDevices();
    const kept = await a.commands.createNote({ body: 'kept' });
    const gone = await a.commands.createNote({ body: 'to be deleted' });
    await sync(a, b);
    b.device.connectivity.set(false);
    await b.commands.updateNote(kept, { body: 'queued on B' });
    await a.commands.deleteNote(gone);
    await sync(a);
    world.server.compact(TEST_USER, world.server.clock(TEST_USER));
    b.device.connectivity.set(true);
    await sync(b);
    expect(await b.db.notes.get(gone)).toBeUndefined();
    expect((await b.db.notes.get(kept))?.body).toBe('queued on B');
    expect(await b.db.outbox.count()).toBe(0);
    expect(world.server.rows(TEST_USER).find((r) => r.id === kept)?.data['body']).toBe('queued on B');
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R28] asks for a digest every Nth pull, and no sooner than the spacing after the last', async () => {
    const { world, a, b } = await twoStartedDevices({ digestEvery: 2, digestSpacingMs: 60_000 });
    const asked: boolean[] = [];
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = (request, session) => {
      asked.push(pullRequestSchema.parse(request).want_digest);
      return pull(request, session);
    };
    // Someone typing on A: a change, and B pulls, again and again within a minute.
    for (let i = 0; i < 6; i++) {
      await a.commands.createNote({ title: `n${i}` });
      await sync(a, b);
      world.timers.advance(5_000);
    }
    world.timers.advance(60_000);
    for (let i = 0; i < 2; i++) {
      await a.commands.createNote({ title: `later ${i}` });
      await sync(a, b);
    }
    // One digest in the first minute however many pulls came; the next after the spacing.
    expect(asked.filter(Boolean)).toHaveLength(2);
    expect(await b.db.notes.count()).toBe(8);
  });

  it('[R28] a digest mismatch repairs the replica by pulling everything again', async () => {
    const { world, a, b } = await twoStartedDevices({ digestEvery: 1, digestSpacingMs: 0 });
    const id = await a.commands.createNote({ body: 'x' });
    await sync(a, b);
    await b.db.notes.delete(id); // a replica that lost a row (corruption, a bug, a cleared store)
    await a.commands.createNote({ body: 'y' });
    await sync(a, b);
    expect((await b.db.notes.get(id))?.body).toBe('x');
    expect(await b.db.notes.count()).toBe(2);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R22] pulls conflicts and subscriptions like any row', async () => {
    const { world, b } = await twoStartedDevices();
    world.server.writeServerRow(TEST_USER, 'subscriptions', {
      id: TEST_USER,
      status: 'active',
      current_period_end: '2026-12-22T00:00:00.000Z',
      trial_ends_at: null,
    });
    await settle([b]);
    expect(await b.db.subscriptions.get(TEST_USER)).toMatchObject({ status: 'active' });
  });
});
