import { describe, expect, it } from 'vitest';

import { LEASE_MS } from './with-sync-lock.ts';
import type { SyncStatus } from './sync-status.ts';
import { countPulls, settle, type TestDevice, type TestTab } from '../testing/sync/test-device.ts';
import { createTestWorld, OTHER_USER, TEST_USER, twoStartedDevices } from '../testing/sync/test-world.ts';

function macrotask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Lets the engine run until it is idle or waiting for the network. */
async function untilIdle(tab: TestTab) {
  for (let i = 0; i < 300 && tab.engine.isRunning() && tab.transport.pending === 0; i++) await macrotask();
}

/** The Web Locks `device`'s tabs ask for from now on, by name, in order. */
function lockRequests(device: TestDevice): () => string[] {
  const names: string[] = [];
  const request = device.locks.request.bind(device.locks);
  device.locks.request = (name, options, callback) => {
    names.push(name);
    return request(name, options, callback);
  };
  return () => names;
}

describe('triggers', () => {
  it('[R27] pulls on start', async () => {
    const world = createTestWorld();
    const a = await world.tab(world.device());
    a.engine.start();
    await untilIdle(a);
    expect(a.transport.pendingKinds()).toEqual(['pull']);
  });

  it('[R27] pulls on a realtime poke, and not without one', async () => {
    const { a, b } = await twoStartedDevices();
    const pokes = b.transport.pokesEnabled;
    b.transport.pokesEnabled = false;
    const id = await a.commands.createNote({ body: 'poke me' });
    a.engine.notifyLocalWrite();
    await settle([a, b]);
    expect(await b.db.notes.get(id)).toBeUndefined();
    b.transport.pokesEnabled = pokes;
    await a.commands.updateNote(id, { body: 'poked' });
    a.engine.notifyLocalWrite();
    await settle([a, b]);
    expect((await b.db.notes.get(id))?.body).toBe('poked');
  });

  it('[R27] a trigger while the walk still requests pages is answered by it; one after its last request pulls again', async () => {
    const world = createTestWorld();
    const writer = await world.tab(world.device());
    writer.engine.start();
    for (let i = 0; i < 6; i++) await writer.commands.createNote({ title: `n${i}` });
    await settle([writer]);
    /** A fresh device's first sync, with `trigger` called while its first page request waits. */
    const firstSync = async (trigger: (tab: TestTab) => void) => {
      const tab = await world.tab(world.device(), { pullLimit: 2 });
      tab.transport.pokesEnabled = false;
      const pulls = countPulls(tab);
      tab.engine.start();
      await untilIdle(tab);
      trigger(tab);
      await settle([tab]);
      expect(await tab.db.notes.count()).toBe(6);
      return pulls();
    };
    const untriggered = await firstSync(() => undefined);
    expect(untriggered).toBeGreaterThan(1);
    expect(await firstSync((tab) => tab.engine.notifyFocus())).toBe(untriggered);

    // One page to pull: the focus comes after the walk's only request, which cannot have answered it.
    const single = await world.tab(world.device());
    single.transport.pokesEnabled = false;
    single.engine.start();
    await settle([single]);
    await writer.commands.createNote({ title: 'one more' });
    writer.engine.notifyLocalWrite();
    await settle([writer]);
    const pulls = countPulls(single);
    single.engine.notifyFocus();
    await untilIdle(single);
    single.engine.notifyFocus();
    await settle([single]);
    expect(pulls()).toBe(2);
    expect(await single.db.notes.count()).toBe(7);
  });

  it('[R27] pulls on focus and on the periodic timer', async () => {
    const { world, a, b } = await twoStartedDevices();
    b.transport.pokesEnabled = false;
    const first = await a.commands.createNote({ body: 'focus' });
    a.engine.notifyLocalWrite();
    await settle([a, b]);
    b.engine.notifyFocus();
    await settle([a, b]);
    expect(await b.db.notes.get(first)).toBeDefined();
    const second = await a.commands.createNote({ body: 'timer' });
    a.engine.notifyLocalWrite();
    await settle([a, b]);
    world.timers.advance(5 * 60_000);
    await settle([a, b]);
    expect(await b.db.notes.get(second)).toBeDefined();
  });

  it('[R27][R18] during a backoff, writes, focus and pokes wait for the retry; "Sync now" runs at once', async () => {
    const { world, a, b } = await twoStartedDevices();
    const fail = async () => {
      await untilIdle(a);
      await a.transport.deliver(0, 'server_error');
      for (let i = 0; i < 300 && a.engine.isRunning(); i++) await macrotask();
      expect(a.engine.status.get().state).toBe('error');
    };
    await a.commands.createNote({ body: 'first' });
    a.engine.notifyLocalWrite();
    await fail();

    // A failing server is not asked again at each autosave, focus or poke until the retry time.
    await a.commands.createNote({ body: 'second' });
    a.engine.notifyLocalWrite();
    a.engine.notifyFocus();
    await b.commands.createNote({ body: 'from b' });
    b.engine.notifyLocalWrite();
    await settle([b]);
    for (let i = 0; i < 10; i++) await macrotask();
    expect(a.engine.isRunning()).toBe(false);
    expect(a.transport.pending).toBe(0);

    // The first retry comes within 2 s (R18); it takes everything that waited.
    world.timers.advance(2_000);
    await settle([a, b]);
    expect(a.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
    expect(world.server.rows(TEST_USER).map((row) => row.data['body'])).toEqual(
      expect.arrayContaining(['first', 'second', 'from b']),
    );
    expect((await a.db.notes.toArray()).map((note) => note.body)).toContain('from b');

    // The user's "Sync now" does not wait for the backoff.
    await a.commands.createNote({ body: 'third' });
    a.engine.notifyLocalWrite();
    await fail();
    void a.engine.syncNow();
    await untilIdle(a);
    expect(a.transport.pendingKinds()).toEqual(['push']);
    await settle([a]);
    expect(a.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
  });

  it('[R33][R34] offline: writes work, nothing is sent, the status counts pending changes; online syncs them', async () => {
    const { world, a } = await twoStartedDevices();
    const seen: SyncStatus[] = [];
    a.engine.status.subscribe((s) => seen.push(s));
    a.device.connectivity.set(false);
    await a.commands.createNote({ body: 'on the train' });
    await a.commands.createNote({ body: 'in the tunnel' });
    a.engine.notifyLocalWrite();
    await untilIdle(a);
    expect(a.transport.pending).toBe(0);
    expect(a.engine.status.get()).toMatchObject({ state: 'offline', pending: 2 });
    a.device.connectivity.set(true);
    await settle([a]);
    expect(a.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0, error: null });
    expect(seen.some((s) => s.state === 'syncing' && s.progress?.phase === 'push')).toBe(true);
    expect(world.server.rows(TEST_USER).filter((r) => r.table === 'notes')).toHaveLength(2);
  });
});

describe('status', () => {
  it('[R34] the pending count follows writes made while a push is on the wire', async () => {
    const { a } = await twoStartedDevices();
    await a.commands.createNote({ body: 'first' });
    a.engine.notifyLocalWrite();
    await untilIdle(a);
    expect(a.transport.pendingKinds()).toEqual(['push']);
    expect(a.engine.status.get()).toMatchObject({ state: 'syncing', pending: 1 });
    await a.commands.createNote({ body: 'second' });
    a.engine.notifyLocalWrite();
    await a.commands.createNote({ body: 'third' });
    a.engine.notifyLocalWrite();
    for (let i = 0; i < 50 && a.engine.status.get().pending !== 3; i++) await macrotask();
    expect(a.engine.status.get()).toMatchObject({ state: 'syncing', pending: 3 });
    await settle([a]);
    expect(a.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
  });
});

describe('auth', () => {
  it('[R32] a 401 stops syncing until the session is refreshed; writes keep working meanwhile', async () => {
    const { world, a } = await twoStartedDevices();
    a.device.auth.canRefresh = () => false; // offline token refresh fails
    const session = a.device.auth.current();
    if (session) world.server.expireToken(session.accessToken);
    await a.commands.createNote({ body: 'written with an expired token' });
    a.engine.notifyLocalWrite();
    await settle([a]);
    expect(a.engine.status.get()).toMatchObject({ state: 'error', pending: 1, error: { kind: 'auth' } });
    expect(a.device.auth.refreshes).toBe(1);
    a.engine.notifyFocus();
    a.engine.notifyLocalWrite();
    await untilIdle(a);
    expect(a.transport.pending).toBe(0);
    a.device.auth.canRefresh = () => true;
    await a.device.auth.refresh();
    await settle([a]);
    expect(a.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
  });

  it('[R32] resumes when the refreshed session arrives while the failed run is still ending', async () => {
    const { world, a } = await twoStartedDevices();
    // FakeAuth refreshes at once: the new session is reported before the run that got the 401 ends.
    const session = a.device.auth.current();
    if (session) world.server.expireToken(session.accessToken);
    await a.commands.createNote({ body: 'written with an expired token' });
    a.engine.notifyLocalWrite();
    await settle([a]);
    expect(a.device.auth.refreshes).toBe(1);
    expect(a.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
  });

  it('[R30] never pushes an outbox under another account', async () => {
    const { world, a } = await twoStartedDevices();
    await a.commands.createNote({ body: 'private to the first user' });
    a.device.auth.signIn(OTHER_USER);
    await untilIdle(a);
    expect(a.transport.pending).toBe(0);
    expect(a.engine.status.get()).toMatchObject({
      state: 'error',
      error: { kind: 'account_mismatch' },
      pending: 1,
    });
    expect(world.server.rows(OTHER_USER)).toEqual([]);
    a.device.auth.signIn(TEST_USER);
    await settle([a]);
    expect(await a.db.outbox.count()).toBe(0);
  });
});

describe('tabs', () => {
  it('[R29] two tabs of one device never push at the same time', async () => {
    const world = createTestWorld();
    const device = world.device();
    const one = await world.tab(device);
    const two = await world.tab(device);
    await one.commands.createNote({ body: 'x' });
    one.engine.start();
    two.engine.start();
    for (let i = 0; i < 50; i++) {
      await macrotask();
      const pushes = [one, two].filter((t) => t.transport.pendingKinds().includes('push')).length;
      expect(pushes).toBeLessThanOrEqual(1);
    }
    await settle([one, two]);
    world.timers.advance(2_000);
    await settle([one, two]);
    expect(await one.db.outbox.count()).toBe(0);
  });

  it('[R29] a push lock reserved as a write begins is the one the push after its commit runs under', async () => {
    const world = createTestWorld();
    const device = world.device();
    const tab = await world.tab(device);
    tab.engine.start();
    await settle([tab]);
    const push = `${tab.db.name}:push`;
    const asked = lockRequests(device);
    tab.engine.notifyWriteStarting();
    // Asked for before the write, not after its commit.
    expect(asked()).toEqual([push]);
    await tab.commands.createNote({ body: 'pushed under the reserved lock' });
    tab.engine.notifyLocalWrite();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(asked().filter((name) => name === push)).toEqual([push]);
    expect(device.locks.isHeld(push)).toBe(false);
    // The next write reserves again.
    tab.engine.notifyWriteStarting();
    await tab.commands.createNote({ body: 'and again' });
    tab.engine.notifyLocalWrite();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(asked().filter((name) => name === push)).toEqual([push, push]);
  });

  it('[R29] a reserved push lock no write claims is let go after a second, and another tab pushes', async () => {
    const world = createTestWorld();
    const device = world.device();
    const idle = await world.tab(device);
    const writer = await world.tab(device);
    idle.engine.start();
    writer.engine.start();
    await settle([idle, writer]);
    const push = `${idle.db.name}:push`;
    // A command was called on one tab and wrote nothing; another tab writes meanwhile.
    idle.engine.notifyWriteStarting();
    await settle([idle, writer]);
    expect(device.locks.isHeld(push)).toBe(true);
    await writer.commands.createNote({ body: 'waits for the reservation' });
    writer.engine.notifyLocalWrite();
    await settle([idle, writer]);
    expect(await writer.db.outbox.count()).toBe(1);
    world.timers.advance(999);
    await settle([idle, writer]);
    expect(device.locks.isHeld(push)).toBe(true);
    world.timers.advance(1);
    await settle([idle, writer]);
    expect(device.locks.isHeld(push)).toBe(false);
    // The writer retries as it would behind any holder (2 s).
    world.timers.advance(1_000);
    await settle([idle, writer]);
    expect(await writer.db.outbox.count()).toBe(0);
  });

  it('[R29] a write after a reservation ran out unclaimed reserves the lock again', async () => {
    const world = createTestWorld();
    const device = world.device();
    const tab = await world.tab(device);
    tab.engine.start();
    await settle([tab]);
    const push = `${tab.db.name}:push`;
    const asked = lockRequests(device);
    // A command was called and wrote nothing; its reservation runs out with no push to claim it.
    tab.engine.notifyWriteStarting();
    await settle([tab]);
    world.timers.advance(1_000);
    await settle([tab]);
    expect(device.locks.isHeld(push)).toBe(false);
    // The next write does not count on the spent reservation: it asks again, and its push runs under
    // that second request.
    tab.engine.notifyWriteStarting();
    expect(asked()).toEqual([push, push]);
    await tab.commands.createNote({ body: 'reserved afresh' });
    tab.engine.notifyLocalWrite();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(asked().filter((name) => name === push)).toEqual([push, push]);
    expect(device.locks.isHeld(push)).toBe(false);
  });

  it('[R29] no push lock is reserved while no push could follow: offline, or backing off', async () => {
    const world = createTestWorld();
    const device = world.device();
    const tab = await world.tab(device);
    tab.engine.start();
    await settle([tab]);
    const asked = lockRequests(device);
    device.connectivity.set(false);
    tab.engine.notifyWriteStarting();
    expect(asked()).toEqual([]);
    await tab.commands.createNote({ body: 'offline' });
    tab.engine.notifyLocalWrite();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(1);
    expect(device.locks.isHeld(`${tab.db.name}:push`)).toBe(false);

    // Online again, the push fails: until its retry, writes wait, and no lock is asked for them.
    device.connectivity.set(true);
    await untilIdle(tab);
    await tab.transport.deliver(0, 'server_error');
    for (let i = 0; i < 300 && tab.engine.isRunning(); i++) await macrotask();
    expect(tab.engine.status.get().state).toBe('error');
    const before = asked().length;
    tab.engine.notifyWriteStarting();
    expect(asked()).toHaveLength(before);
    world.timers.advance(2_000);
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
  });

  it('[R29] a frozen tab holding the lock is overtaken once its lease expires', async () => {
    const world = createTestWorld();
    const device = world.device();
    const tab = await world.tab(device);
    device.locks.holdForever(`${tab.db.name}:push`);
    await tab.commands.createNote({ body: 'must not wait forever' });
    tab.engine.start();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(1);
    world.timers.advance(2_000);
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(1);
    world.timers.advance(LEASE_MS);
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
  });
});
