// @vitest-environment node
import { IDBKeyRange as FakeIDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { createCommands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import { FakeTransport } from '../../testing/sync/fake-transport.ts';
import { closeTestTab, macrotask, settle } from '../../testing/sync/test-device.ts';
import { createTestWorld } from '../../testing/sync/test-world.ts';
import { serveUserSync } from './serve-user-sync.ts';
import { startUserSync } from './start-user-sync.ts';
import { startWorkerSync, type SyncWorker } from './start-worker-sync.ts';
import type { FromSyncWorker, SyncMessagePort, ToSyncWorker } from './sync-worker-messages.ts';
import type { FocusSource } from './window-focus.ts';

/** A window's focus the test fires. */
function testFocus(): FocusSource & { fire(): void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fire: () => listeners.forEach((listener) => listener()),
  };
}

/**
 * A tab and its sync worker joined by a MessageChannel (messages structured-cloned as between threads),
 * the worker's engine over the model server, both on the device's one IndexedDB.
 */
function createTabWithWorker(options: { failToStart?: boolean } = {}) {
  const world = createTestWorld();
  const device = world.device();
  const env = { indexedDB: device.indexedDB, IDBKeyRange: FakeIDBKeyRange };
  const { port1: tabSide, port2: workerSide } = new MessageChannel();
  const transport = new FakeTransport(world.server, device.userId);
  let focused = 0;
  let terminated = false;
  serveUserSync(workerSide as unknown as SyncMessagePort<ToSyncWorker, FromSyncWorker>, async (tab) => {
    if (options.failToStart) throw new Error('no database here');
    const db = await openUserDatabase(tab.userId, env);
    tab.focus.subscribe(() => focused++);
    const ports = {
      clock: device.clock,
      ids: device.ids,
      timers: world.timers,
      random: device.random,
      connectivity: tab.connectivity,
      auth: tab.auth,
      locks: device.locks,
    };
    return startUserSync({ db, transport, ports, focus: tab.focus });
  });
  workerSide.start();
  const worker: SyncWorker = {
    postMessage: (message) => tabSide.postMessage(message),
    addEventListener: (type: 'message' | 'error', listener: (event: never) => void) => {
      if (type === 'message') tabSide.addEventListener('message', listener as (event: Event) => void);
    },
    terminate() {
      terminated = true;
      tabSide.close();
      workerSide.close();
    },
  };
  tabSide.start();
  const focus = testFocus();
  const started = startWorkerSync({
    worker,
    userId: device.userId,
    auth: device.auth,
    connectivity: device.connectivity,
    focus,
  });
  /** Lets messages, the database and the engine run, answering every request, until `done` holds. */
  const until = async (done: () => boolean | Promise<boolean>) => {
    for (let round = 0; round < 500; round++) {
      if (await done()) return;
      await macrotask();
      await transport.deliverAll();
    }
    throw new Error('never got there');
  };
  const openTabDb = () => openUserDatabase(device.userId, env);
  const bodiesOnServer = () => world.server.rows(device.userId).map((row) => row.data['body']);
  return {
    world,
    device,
    started,
    transport,
    focus,
    until,
    openTabDb,
    bodiesOnServer,
    focused: () => focused,
    terminated: () => terminated,
  };
}

describe('the sync engine in a worker of the leading tab (ADR 0139)', () => {
  it("[R27] the tab's write is pushed by the worker's engine, and the tab sees its status", async () => {
    const { started, until, openTabDb, bodiesOnServer, device } = createTabWithWorker();
    const sync = await started;
    await until(() => sync.engine.status.get().state === 'up_to_date');
    const db = await openTabDb();
    await createCommands(db, { clock: device.clock, ids: device.ids }).createNote({ body: 'From the tab' });
    sync.engine.notifyLocalWrite();
    await until(() => bodiesOnServer().includes('From the tab'));
    await until(() => {
      const status = sync.engine.status.get();
      return status.state === 'up_to_date' && status.pending === 0;
    });
    sync.dispose();
    db.close();
  });

  it('rows the worker pulls land in the database the tab reads', async () => {
    const { started, until, openTabDb, world } = createTabWithWorker();
    const sync = await started;
    await until(() => sync.engine.status.get().state === 'up_to_date');
    const phone = await world.tab(world.device());
    phone.engine.start();
    await phone.commands.createNote({ body: 'Written on the phone' });
    phone.engine.notifyLocalWrite();
    await settle([phone]);
    const db = await openTabDb();
    sync.engine.notifyFocus();
    await until(async () => (await db.notes.toArray()).some((note) => note.body === 'Written on the phone'));
    closeTestTab(phone);
    sync.dispose();
    db.close();
  });

  it('"Sync now" resolves once the worker\'s run ends; going offline in the tab shows offline', async () => {
    const { started, until, transport, device } = createTabWithWorker();
    const sync = await started;
    await until(() => sync.engine.status.get().state === 'up_to_date');
    const before = transport.delivered;
    let done = false;
    void sync.engine.syncNow().then(() => (done = true));
    await until(() => done);
    expect(transport.delivered).toBeGreaterThan(before);
    device.connectivity.set(false);
    await until(() => sync.engine.status.get().state === 'offline');
    device.connectivity.set(true);
    await until(() => sync.engine.status.get().state === 'up_to_date');
    sync.dispose();
  });

  it('[R31] an expired token is refreshed by the tab, and the worker syncs on with the new one', async () => {
    const { started, until, world, device, openTabDb, bodiesOnServer } = createTabWithWorker();
    const sync = await started;
    await until(() => sync.engine.status.get().state === 'up_to_date');
    const expired = device.auth.current()?.accessToken ?? '';
    world.server.expireToken(expired);
    const db = await openTabDb();
    await createCommands(db, { clock: device.clock, ids: device.ids }).createNote({ body: 'After expiry' });
    sync.engine.notifyLocalWrite();
    await until(() => bodiesOnServer().includes('After expiry'));
    expect(device.auth.current()?.accessToken).not.toBe(expired);
    sync.dispose();
    db.close();
  });

  it("the tab's focus reaches the worker's engine", async () => {
    const { started, until, focus, focused } = createTabWithWorker();
    const sync = await started;
    await until(() => sync.engine.status.get().state === 'up_to_date');
    focus.fire();
    await until(() => focused() === 1);
    sync.dispose();
  });

  it('a worker that cannot start its engine rejects, so another tab may lead', async () => {
    const { started, terminated } = createTabWithWorker({ failToStart: true });
    await expect(started).rejects.toThrow('the sync worker could not start: no database here');
    expect(terminated()).toBe(true);
  });
});
