import { describe, expect, it } from 'vitest';

import { getMeta } from '../db/sync-meta.ts';
import { ConnectionPushRunner } from '../testing/sync/connection-push-runner.ts';
import { settle } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';
import type { SyncStatus } from './sync-status.ts';
import { TransportError } from './transport.ts';
import { LEASE_MS } from './with-sync-lock.ts';

/** One tab whose outbox is drained by a runner over its own connection, as by the app's sync worker. */
async function tabWithRunner(pushBatchSize = 200) {
  const world = createTestWorld();
  const device = world.device();
  const runner = new ConnectionPushRunner(device);
  const tab = await world.tab(device, { pushBatchSize, pushRunner: runner });
  runner.transport = tab.transport;
  return { world, tab, runner };
}

describe('push runner (docs/adr/0115)', () => {
  it('[R6][R8] drains the outbox on its own connection: the server has every change, the outbox is empty', async () => {
    const { world, tab, runner } = await tabWithRunner(2);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await tab.commands.createNote({ title: `n${i}` }));
    const progress: NonNullable<SyncStatus['progress']>[] = [];
    tab.engine.status.subscribe((status) => {
      if (status.progress?.phase === 'push') progress.push(status.progress);
    });
    // What the lease said as each batch left, the device's clock a second later at each: the runner
    // renews it as it drains (R29).
    const leases: ({ until: number } | undefined)[] = [];
    const push = tab.transport.push.bind(tab.transport);
    tab.transport.push = async (request, session) => {
      leases.push(await getMeta<{ until: number }>(tab.db, 'lease:push'));
      tab.device.clock.skewMs += 1_000;
      return push(request, session);
    };
    tab.engine.start();
    await settle([tab]);
    expect(runner.drains).toBe(1);
    // The first is the lease written as the lock was taken; later ones were renewed by the runner.
    const start = world.timers.now() + LEASE_MS;
    expect(leases).toHaveLength(3);
    expect(leases[0]).toEqual({ until: start });
    expect(leases.at(-1)?.until).toBeGreaterThan(start);
    expect(runner.drainedHere).toBe(0);
    expect(world.server.rows(TEST_USER).map((row) => row.id)).toEqual(expect.arrayContaining(ids));
    expect(await tab.db.outbox.count()).toBe(0);
    // Three batches of at most two notes; the engine heard of each as it left, once the count was in.
    expect(progress.at(-1)).toEqual({ phase: 'push', done: 5, total: 5 });
    expect(progress.map((report) => report.done)).toEqual(expect.arrayContaining([2, 4, 5]));
    expect(progress.every((report) => report.total === 5)).toBe(true);
    expect(tab.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
    // The lease was kept while the runner drained and given up after (R29).
    expect(await getMeta(tab.db, 'lease:push')).toEqual({ until: 0 });
  });

  it('[R6] drains on the engine’s thread while the runner cannot, and on the runner once it can', async () => {
    const { world, tab, runner } = await tabWithRunner();
    runner.unavailable = true;
    tab.engine.start();
    const first = await tab.commands.createNote({ title: 'while the worker starts' });
    await settle([tab]);
    runner.unavailable = false;
    const second = await tab.commands.createNote({ title: 'once it is ready' });
    tab.engine.notifyLocalWrite();
    await settle([tab]);
    expect([runner.drainedHere, runner.drains]).toEqual([1, 1]);
    expect(world.server.rows(TEST_USER).map((row) => row.id)).toEqual(
      expect.arrayContaining([first, second]),
    );
    expect(await tab.db.outbox.count()).toBe(0);
  });

  it('[R16] a change the server refuses on the runner becomes a visible conflict on the device', async () => {
    const { world, tab } = await tabWithRunner();
    world.server.refuse = (m) => (String(m.patch['body'] ?? '').includes('forbidden') ? 'not allowed' : null);
    const kept = await tab.commands.createNote({ body: 'fine' });
    const refused = await tab.commands.createNote({ body: 'a forbidden word' });
    tab.engine.start();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(world.server.rows(TEST_USER).map((row) => row.id)).toContain(kept);
    expect(await tab.db.conflicts.toArray()).toEqual([
      expect.objectContaining({ kind: 'rejected', row_id: refused, reason: 'not allowed' }),
    ]);
  });

  it('[R9] a drain that fails on the runner keeps its changes queued and is retried after a backoff', async () => {
    const { world, tab, runner } = await tabWithRunner();
    const push = tab.transport.push.bind(tab.transport);
    let failures = 1;
    tab.transport.push = (request, session) =>
      failures-- > 0
        ? Promise.reject(new TransportError('server', 'bad gateway', 502))
        : push(request, session);
    const id = await tab.commands.createNote({ body: 'kept through a failure' });
    tab.engine.start();
    await settle([tab]);
    expect(tab.engine.status.get()).toMatchObject({ state: 'error', pending: 1 });
    expect(await tab.db.outbox.count()).toBe(1);
    world.timers.advance(60_000);
    await settle([tab]);
    expect(runner.drains).toBe(2);
    expect(world.server.rows(TEST_USER).find((row) => row.id === id)?.data['body']).toBe(
      'kept through a failure',
    );
    expect(tab.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
  });
});
