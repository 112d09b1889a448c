import { ManualTimers } from './manual-timers.ts';
import { SyncServerModel } from './sync-server-model.ts';
import { createTestDevice, openTestTab, settle, type TestDevice, type TestTab } from './test-device.ts';
import { createTestIds } from './test-ids.ts';
import type { SyncEngineOptions } from '../../sync/sync-engine.ts';

export const TEST_USER = '0000aaaa-0000-7000-8000-000000000001';
export const OTHER_USER = '0000bbbb-0000-7000-8000-000000000002';

/** A server model on virtual time, and helpers to add devices and tabs to it. */
export function createTestWorld() {
  const timers = new ManualTimers();
  const server = new SyncServerModel({ now: () => timers.now(), ids: createTestIds(0xfff0) });
  let devices = 0;
  return {
    timers,
    server,
    device(options: { userId?: string; skewMs?: number } = {}): TestDevice {
      return createTestDevice(server, timers, {
        index: devices++,
        userId: options.userId ?? TEST_USER,
        ...options,
      });
    },
    tab(device: TestDevice, engineOptions: Partial<SyncEngineOptions> = {}): Promise<TestTab> {
      return openTestTab(device, server, timers, engineOptions);
    },
  };
}

/** Two devices of TEST_USER, one tab each, started and settled: both up to date with the server. */
export async function twoStartedDevices(engineOptions: Partial<SyncEngineOptions> = {}) {
  const world = createTestWorld();
  const a = await world.tab(world.device(), engineOptions);
  const b = await world.tab(world.device(), engineOptions);
  a.engine.start();
  b.engine.start();
  await settle([a, b]);
  return { world, a, b };
}
