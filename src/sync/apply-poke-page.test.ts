import { describe, expect, it, vi } from 'vitest';

import { getCursor, getPulledMutationSeq } from '../db/sync-meta.ts';
import { countPulls, macrotask, settle, type TestTab } from '../testing/sync/test-device.ts';
import { TEST_USER, twoStartedDevices } from '../testing/sync/test-world.ts';
import { applyPokePage } from './apply-poke-page.ts';
import { resetLocal } from './reset-local.ts';
import type { SyncPoke } from './transport.ts';

/** Pokes sent to `tab` from now on are held; returns them, to be delivered by hand. */
function holdPokes(tab: TestTab): () => void {
  tab.transport.holdPokes = true;
  return () => {
    for (const deliver of tab.transport.heldPokes.splice(0)) deliver();
  };
}

/** `tab` pushes what its commands wrote (commands here do not notify the engine). */
async function push(tab: TestTab) {
  void tab.engine.syncNow();
  await settle([tab]);
}

/**
 * Until nothing moves: a poke's rows are written outside any engine run, so an idle engine with an
 * empty queue may still be about to write them, or to ask for a pull.
 */
async function idle(...tabs: TestTab[]) {
  for (let quiet = 0; quiet < 3;) {
    await settle(tabs);
    for (let i = 0; i < 20; i++) await macrotask();
    const busy = tabs.some((tab) => tab.engine.isRunning() || tab.transport.pending > 0);
    quiet = busy ? 0 : quiet + 1;
  }
}

describe('a poke with its rows (R27a)', () => {
  it('[R27a] shows a change from another device without a pull request when the poke follows the cursor', async () => {
    const { world, a, b } = await twoStartedDevices();
    const pulls = countPulls(b);
    const id = await a.commands.createNote({ title: 'From the phone', body: 'Rain all day.' });
    await push(a);
    await idle(a, b);
    expect((await b.db.notes.get(id))?.title).toBe('From the phone');
    expect(pulls()).toBe(0);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
    expect(await b.db.notes.get(id)).toEqual(await a.db.notes.get(id));
  });

  it('[R27a][R13] pulls instead when a poke was missed: the next one does not follow the cursor', async () => {
    const { world, a, b } = await twoStartedDevices();
    b.transport.pokesEnabled = false;
    const missed = await a.commands.createNote({ title: 'Missed' });
    await push(a);
    await idle(a, b);
    b.transport.pokesEnabled = true;
    const pulls = countPulls(b);
    const next = await a.commands.createNote({ title: 'Poked' });
    await push(a);
    await idle(a, b);
    expect(pulls()).toBe(1);
    expect((await b.db.notes.get(missed))?.title).toBe('Missed');
    expect((await b.db.notes.get(next))?.title).toBe('Poked');
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R27a][R13] pokes delivered late and out of order never move the cursor past a missing row', async () => {
    const { world, a, b } = await twoStartedDevices();
    const deliver = holdPokes(b);
    const first = await a.commands.createNote({ title: 'First' });
    await push(a);
    const second = await a.commands.createNote({ title: 'Second' });
    await push(a);
    expect(b.transport.heldPokes).toHaveLength(2);
    b.transport.heldPokes.reverse();
    const pulls = countPulls(b);
    deliver();
    await idle(a, b);
    // The second's poke came first and did not follow the cursor: one pull brought both, and the
    // first's poke, coming after it, found its rows already there.
    expect(pulls()).toBe(1);
    expect((await b.db.notes.get(first))?.title).toBe('First');
    expect((await b.db.notes.get(second))?.title).toBe('Second');
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R27a][R14a] applies nothing when a push of its own was acknowledged after its last pull reached the clock', async () => {
    const { world, a, b } = await twoStartedDevices();
    const id = await a.commands.createNote({ title: 'Shared', body: 'old' });
    await push(a);
    await idle(a, b);
    const pokes: SyncPoke[] = [];
    world.server.subscribe(TEST_USER, (poke) => pokes.push(structuredClone(poke)));
    b.transport.pokesEnabled = false;
    await a.commands.updateNote(id, { body: 'from a' });
    await push(a);
    const fromA = pokes.at(-1);
    if (!fromA) throw new Error('no poke');
    expect(fromA.page).toMatchObject({ from: await getCursor(b.db) });

    // b edits after a did, and its push is acknowledged; the pull that follows is held.
    world.timers.advance(1_000);
    await b.commands.updateNote(id, { body: 'from b' });
    b.engine.notifyLocalWrite();
    await vi.waitFor(() => expect(b.transport.pendingKinds()).toContain('push'));
    await b.transport.deliver(b.transport.pendingKinds().indexOf('push'));
    await vi.waitFor(async () => expect(await b.db.outbox.count()).toBe(0));

    // a's rows follow b's cursor, but b's acknowledged push may be newer than them: applied, they
    // would show "from a" over b's own edit with nothing queued to keep it.
    expect(await applyPokePage(b.db, fromA, null)).toBe(false);
    expect((await b.db.notes.get(id))?.body).toBe('from b');
    await idle(a, b);
    expect((await b.db.notes.get(id))?.body).toBe('from b');
    // The pull that reached the clock records the acknowledgement, so the next poke applies again.
    b.transport.pokesEnabled = true;
    const pulls = countPulls(b);
    await a.commands.updateNote(id, { title: 'Shared again' });
    await push(a);
    await idle(a, b);
    expect((await b.db.notes.get(id))?.title).toBe('Shared again');
    expect(pulls()).toBe(0);
  });

  it("[R27a][R27] applies a poke's rows during a backoff, without asking the failing server", async () => {
    const { a, b } = await twoStartedDevices();
    await b.commands.createNote({ title: 'Queued on b' });
    b.engine.notifyLocalWrite();
    await vi.waitFor(() => expect(b.transport.pending).toBe(1));
    await b.transport.deliver(0, 'server_error');
    await vi.waitFor(() => expect(b.engine.status.get()).toMatchObject({ state: 'error' }));
    const id = await a.commands.createNote({ title: 'From a' });
    await push(a);
    await vi.waitFor(async () => expect((await b.db.notes.get(id))?.title).toBe('From a'));
    expect(b.transport.pending).toBe(0);
    expect(await b.db.outbox.count()).toBe(1);
  });

  it('[R27a][R4] a malformed poke page writes nothing, and a pull answers the poke', async () => {
    const { world, a, b } = await twoStartedDevices();
    const id = await a.commands.createNote({ title: 'Real' });
    await push(a);
    await idle(a, b);
    const cursor = await getCursor(b.db);
    const row = world.server.rows(TEST_USER).find((r) => r.id === id);
    const bad: SyncPoke = {
      version: cursor + 1,
      page: {
        from: cursor,
        rows: [{ ...row, version: cursor + 1, data: { ...row?.data, font_size: 'huge' } }],
      },
    };
    await expect(applyPokePage(b.db, bad, null)).rejects.toThrow(/invalid/);
    const outside: SyncPoke = {
      version: cursor + 1,
      page: { from: cursor, rows: [{ ...row, version: cursor + 5 }] },
    };
    await expect(applyPokePage(b.db, outside, null)).rejects.toThrow(/outside/);
    expect(await getCursor(b.db)).toBe(cursor);
    expect((await b.db.notes.get(id))?.font_size).not.toBe('huge');
  });

  it('[R27a][R26] a reset forgets which pushes the cursor covers', async () => {
    const { world, a, b } = await twoStartedDevices();
    await b.commands.createNote({ title: 'Pushed by b' });
    await push(b);
    await idle(a, b);
    expect(await getPulledMutationSeq(b.db)).toBeGreaterThan(0);
    await resetLocal(b.db);
    expect(await getPulledMutationSeq(b.db)).toBe(0);
    expect(await getCursor(b.db)).toBe(0);
    expect(world.server.clock(TEST_USER)).toBeGreaterThan(0);
  });
});
