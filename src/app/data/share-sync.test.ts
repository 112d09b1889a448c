// @vitest-environment node
import { IDBKeyRange as FakeIDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { FakeTransport } from '../../testing/sync/fake-transport.ts';
import { macrotask, type TestDevice } from '../../testing/sync/test-device.ts';
import { createTestWorld } from '../../testing/sync/test-world.ts';
import { shareSync, syncOwnerLockName } from './share-sync.ts';
import { startUserSync, type UserSync } from './start-user-sync.ts';

const noFocus = { subscribe: () => () => undefined };

interface Tab {
  db: MurmurDatabase;
  commands: Commands;
  transport: FakeTransport;
  sync: UserSync;
  /** How many times this tab started an engine. */
  leads: () => number;
  close(): void;
}

let channels = 0;

/** A device whose tabs share one database, its Web Locks and a BroadcastChannel, as a browser's do. */
function createDevice() {
  const world = createTestWorld();
  const device: TestDevice = world.device();
  const channelName = `share-sync-test-${++channels}`;
  const tabs: Tab[] = [];
  const openTab = async (): Promise<Tab> => {
    const db = await openUserDatabase(device.userId, {
      indexedDB: device.indexedDB,
      IDBKeyRange: FakeIDBKeyRange,
    });
    const transport = new FakeTransport(world.server, device.userId);
    let leads = 0;
    const sync = shareSync({
      locks: device.locks,
      name: db.name,
      channel: new BroadcastChannel(channelName),
      focus: noFocus,
      initialStatus: { state: 'syncing' },
      tabId: `tab-${tabs.length}`,
      lead: () => {
        leads++;
        const ports = {
          clock: device.clock,
          ids: device.ids,
          timers: world.timers,
          random: device.random,
          connectivity: device.connectivity,
          auth: device.auth,
          locks: device.locks,
        };
        return Promise.resolve(startUserSync({ db, transport, ports, focus: noFocus }));
      },
    });
    const tab: Tab = {
      db,
      commands: createCommands(db, { clock: device.clock, ids: device.ids }),
      transport,
      sync,
      leads: () => leads,
      close() {
        sync.dispose();
        db.close();
      },
    };
    tabs.push(tab);
    return tab;
  };
  /** Lets messages, the database and the engine run, answering every request, until `done` holds. */
  const until = async (done: () => boolean) => {
    for (let round = 0; round < 500; round++) {
      if (done()) return;
      await macrotask();
      for (const tab of tabs) await tab.transport.deliverAll();
    }
    throw new Error('the tabs never got there');
  };
  const bodiesOnServer = () => world.server.rows(device.userId).map((row) => row.data['body']);
  return { device, openTab, until, bodiesOnServer };
}

describe('one sync owner per device (ADR 0134)', () => {
  it('[R29] only the tab holding the sync lock runs an engine; another tab follows its status', async () => {
    const { device, openTab, until } = createDevice();
    const leader = await openTab();
    const follower = await openTab();
    await until(() => leader.sync.engine.status.get().state === 'up_to_date');
    await until(() => follower.sync.engine.status.get().state === 'up_to_date');
    expect(leader.leads()).toBe(1);
    expect(follower.leads()).toBe(0);
    expect(device.locks.isHeld(syncOwnerLockName(leader.db.name))).toBe(true);
    expect(follower.transport.delivered).toBe(0);
  });

  it("[R29][R27] a follower's write is pushed by the leader at once, and the follower sees it synced", async () => {
    const { openTab, until, bodiesOnServer } = createDevice();
    const leader = await openTab();
    const follower = await openTab();
    await until(() => follower.sync.engine.status.get().state === 'up_to_date');
    await follower.commands.createNote({ body: 'Written in the other tab' });
    follower.sync.engine.notifyLocalWrite();
    await until(() => bodiesOnServer().includes('Written in the other tab'));
    await until(() => {
      const status = follower.sync.engine.status.get();
      return status.state === 'up_to_date' && status.pending === 0;
    });
    expect(leader.transport.delivered).toBeGreaterThan(0);
    expect(follower.transport.delivered).toBe(0);
  });

  it('"Sync now" in a follower runs in the leader and resolves once that run ends', async () => {
    const { openTab, until } = createDevice();
    const leader = await openTab();
    const follower = await openTab();
    await until(() => leader.sync.engine.status.get().state === 'up_to_date');
    const before = leader.transport.delivered;
    let done = false;
    void follower.sync.engine.syncNow().then(() => (done = true));
    await until(() => done);
    expect(leader.transport.delivered).toBeGreaterThan(before);
  });

  it('[R29] when the leading tab closes, the next tab starts its engine and pushes what waits', async () => {
    const { openTab, until, bodiesOnServer } = createDevice();
    const first = await openTab();
    const second = await openTab();
    await until(() => first.sync.engine.status.get().state === 'up_to_date');
    first.close();
    await until(() => second.leads() === 1);
    await second.commands.createNote({ body: 'After the first tab went' });
    second.sync.engine.notifyLocalWrite();
    await until(() => bodiesOnServer().includes('After the first tab went'));
    await until(() => second.sync.engine.status.get().state === 'up_to_date');
    expect(second.sync.engine.status.get().pending).toBe(0);
    expect(first.leads()).toBe(1);
  });

  it('a tab that closes before it leads never starts an engine', async () => {
    const { openTab, until } = createDevice();
    const first = await openTab();
    const second = await openTab();
    await until(() => first.leads() === 1);
    second.close();
    first.close();
    const third = await openTab();
    await until(() => third.leads() === 1);
    expect(second.leads()).toBe(0);
  });
});
