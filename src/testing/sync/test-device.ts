/**
 * Test devices for the engine tests and the simulation. A device is one browser profile: its own
 * IndexedDB (fake-indexeddb factory), Web Locks, connectivity, auth session, clock skew and ids.
 * A tab is one Dexie connection + one engine + one transport on that device; tabs of a device share
 * the database by name, as real tabs do.
 */
import { IDBFactory, IDBKeyRange as FakeIDBKeyRange } from 'fake-indexeddb';

import { createCommands, type Commands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import type { Clock, IdSource } from '../../db/ports.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { SyncEngine, type SyncEngineOptions } from '../../sync/sync-engine.ts';
import { FakeAuth } from './fake-auth.ts';
import { FakeConnectivity } from './fake-connectivity.ts';
import { FakeLocks } from './fake-locks.ts';
import { FakeTransport } from './fake-transport.ts';
import type { ManualTimers } from './manual-timers.ts';
import type { SyncServerModel } from './sync-server-model.ts';
import { createTestIds } from './test-ids.ts';

export interface TestDevice {
  index: number;
  userId: string;
  indexedDB: IDBFactory;
  locks: FakeLocks;
  connectivity: FakeConnectivity;
  auth: FakeAuth;
  clock: Clock & { skewMs: number };
  ids: IdSource;
  random: () => number;
}

export interface TestTab {
  device: TestDevice;
  db: MurmurDatabase;
  commands: Commands;
  engine: SyncEngine;
  transport: FakeTransport;
}

export function createTestDevice(
  server: SyncServerModel,
  timers: ManualTimers,
  options: { index: number; userId: string; skewMs?: number; random?: () => number },
): TestDevice {
  const clock = {
    skewMs: options.skewMs ?? 0,
    now(): number {
      return timers.now() + clock.skewMs;
    },
    timeZone: () => 'Europe/Berlin',
  };
  return {
    index: options.index,
    userId: options.userId,
    indexedDB: new IDBFactory(),
    locks: new FakeLocks(),
    connectivity: new FakeConnectivity(true),
    auth: new FakeAuth(server, options.userId),
    clock,
    ids: createTestIds(options.index + 1),
    random: options.random ?? (() => 0.5),
  };
}

export async function openTestTab(
  device: TestDevice,
  server: SyncServerModel,
  timers: ManualTimers,
  engineOptions: Partial<SyncEngineOptions> = {},
): Promise<TestTab> {
  const db = await openUserDatabase(device.userId, {
    indexedDB: device.indexedDB,
    IDBKeyRange: FakeIDBKeyRange,
  });
  const transport = new FakeTransport(server, device.userId);
  const engine = new SyncEngine({
    db,
    transport,
    ports: {
      clock: device.clock,
      ids: device.ids,
      timers,
      random: device.random,
      connectivity: device.connectivity,
      auth: device.auth,
      locks: device.locks,
    },
    ...engineOptions,
  });
  return {
    device,
    db,
    commands: createCommands(db, { clock: device.clock, ids: device.ids }),
    engine,
    transport,
  };
}

export function closeTestTab(tab: TestTab): void {
  tab.engine.stop();
  tab.transport.failAll();
  tab.db.close();
}

/** Counts the pull requests `tab` sends from now on. */
export function countPulls(tab: TestTab): () => number {
  let pulls = 0;
  const pull = tab.transport.pull.bind(tab.transport);
  tab.transport.pull = (request, session) => {
    pulls++;
    return pull(request, session);
  };
  return () => pulls;
}

/** Lets IndexedDB callbacks and engine continuations run. */
export function macrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Delivers every queued request (without faults) until no engine runs and nothing is queued.
 * Timers are not advanced: retries wait for the test to move time.
 */
export async function settle(tabs: readonly TestTab[], maxRounds = 500): Promise<void> {
  let quiet = 0;
  for (let round = 0; round < maxRounds; round++) {
    await macrotask();
    let delivered = 0;
    for (const tab of tabs) delivered += await tab.transport.deliverAll();
    if (delivered > 0 || tabs.some((t) => t.engine.isRunning())) {
      quiet = 0;
      continue;
    }
    if (++quiet >= 3) return;
  }
  throw new Error('sync did not settle');
}
