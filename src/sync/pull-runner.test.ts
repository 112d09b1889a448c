import { describe, expect, it } from 'vitest';

import { getCursor, getMeta } from '../db/sync-meta.ts';
import { ConnectionPullRunner } from '../testing/sync/connection-pull-runner.ts';
import { settle, type TestTab } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';
import type { PullRequest } from './protocol.ts';
import type { SyncStatus } from './sync-status.ts';
import { TransportError } from './transport.ts';

/** Device A writes through its engine; device B pulls through a runner on its own connection. */
async function writerAndRunner() {
  const world = createTestWorld();
  const writer = await world.tab(world.device(), { pullLimit: 2 });
  const readerDevice = world.device();
  const runner = new ConnectionPullRunner(readerDevice);
  const reader = await world.tab(readerDevice, { pullLimit: 2, pullRunner: runner });
  runner.transport = reader.transport;
  writer.engine.start();
  await settle([writer]);
  return { world, writer, reader, runner };
}

async function sync(...tabs: TestTab[]) {
  for (const tab of tabs) void tab.engine.syncNow();
  await settle(tabs);
}

describe('pull runner (docs/adr/0099)', () => {
  it('[R13] walks every page on its own connection; the engine reports progress and ends up to date', async () => {
    const { world, writer, reader, runner } = await writerAndRunner();
    for (let i = 0; i < 5; i++) await writer.commands.createNote({ title: `n${i}` });
    await sync(writer);
    const progress: NonNullable<SyncStatus['progress']>[] = [];
    reader.engine.status.subscribe((status) => {
      if (status.progress?.phase === 'pull') progress.push(status.progress);
    });
    reader.engine.start();
    await settle([reader]);
    expect(runner.walks).toBeGreaterThan(0);
    expect(runner.walkedHere).toBe(0);
    expect((await reader.db.notes.toArray()).map((note) => note.title).sort()).toEqual([
      'n0',
      'n1',
      'n2',
      'n3',
      'n4',
    ]);
    expect(await getCursor(reader.db)).toBe(world.server.clock(TEST_USER));
    expect(progress.at(-1)).toEqual({
      phase: 'pull',
      done: world.server.clock(TEST_USER),
      total: world.server.clock(TEST_USER),
    });
    expect(reader.engine.status.get().state).toBe('up_to_date');
    // The lease was renewed while pages came in and given up after the walk (R29).
    expect(await getMeta(reader.db, 'lease:pull')).toEqual({ until: 0 });
  });

  it('[R13] a long walk begins on the engine’s thread and is taken over at a transaction’s end, fetching again at most the page in flight', async () => {
    const { world, writer, reader, runner } = await writerAndRunner();
    for (let i = 0; i < 9; i++) await writer.commands.createNote({ title: `n${i}` });
    await sync(writer);
    runner.readyAfter = 2;
    const cursors: number[] = [];
    const pull = reader.transport.pull.bind(reader.transport);
    reader.transport.pull = (request, session) => {
      cursors.push((request as PullRequest).cursor);
      return pull(request, session);
    };
    reader.engine.start();
    await settle([reader]);
    expect(runner.handedOver).toBe(1);
    expect(runner.walks).toBe(1);
    expect(await reader.db.notes.count()).toBe(9);
    expect(await getCursor(reader.db)).toBe(world.server.clock(TEST_USER));
    const fetchedAgain = cursors.filter((cursor, i) => cursors.indexOf(cursor) !== i);
    expect(fetchedAgain.length).toBeLessThanOrEqual(1);
    expect(reader.engine.status.get().state).toBe('up_to_date');
  });

  it('[R13] a walk leaves from the cursor its cycle read under the lock', async () => {
    const { writer, reader, runner } = await writerAndRunner();
    await writer.commands.createNote({ title: 'first' });
    await sync(writer);
    reader.engine.start();
    await settle([reader]);
    const stored = await getCursor(reader.db);
    expect(stored).toBeGreaterThan(0);
    const handed: (number | undefined)[] = [];
    const walk = runner.walk.bind(runner);
    runner.walk = (job, ...rest) => {
      handed.push(job.cursor);
      return walk(job, ...rest);
    };
    const cursors: number[] = [];
    const pull = reader.transport.pull.bind(reader.transport);
    reader.transport.pull = (request, session) => {
      cursors.push((request as PullRequest).cursor);
      return pull(request, session);
    };
    // The rows come by a walk, not with a poke (R27a).
    reader.transport.pokesEnabled = false;
    await writer.commands.createNote({ title: 'second' });
    await sync(writer);
    await sync(reader);
    expect(handed[0]).toBe(stored);
    expect(cursors[0]).toBe(stored);
    expect(handed.length).toBe(cursors.length);
    expect(cursors).toEqual(handed);
    expect(await reader.db.notes.count()).toBe(2);
  });

  it('[R13] a walk asks to hand over as soon as its first page says more are to come, before applying it', async () => {
    const { world, writer, reader, runner } = await writerAndRunner();
    for (let i = 0; i < 9; i++) await writer.commands.createNote({ title: `n${i}` });
    await sync(writer);
    const appliedAtAsk: number[] = [];
    runner.onAsk = () => appliedAtAsk.push(reader.engine.status.get().progress?.done ?? 0);
    runner.readyAfter = 0;
    reader.engine.start();
    await settle([reader]);
    // Asked once, with nothing applied yet, and said yes: the runner walked all of it.
    expect(appliedAtAsk).toEqual([0]);
    expect(runner.handedOver).toBe(1);
    expect(runner.walks).toBe(1);
    expect(await reader.db.notes.count()).toBe(9);
    expect(await getCursor(reader.db)).toBe(world.server.clock(TEST_USER));
  });

  it('a walk that reaches the clock before the runner is ready stays on the engine’s thread', async () => {
    const { writer, reader, runner } = await writerAndRunner();
    for (let i = 0; i < 5; i++) await writer.commands.createNote({ title: `n${i}` });
    await sync(writer);
    runner.readyAfter = 100;
    reader.engine.start();
    await settle([reader]);
    expect(runner.handedOver).toBe(0);
    expect(runner.walks).toBe(0);
    expect(await reader.db.notes.count()).toBe(5);
  });

  it('[R32] a walk refused with 401 on the other thread stops the engine for a new session, as here', async () => {
    const { reader, runner } = await writerAndRunner();
    const pull = reader.transport.pull.bind(reader.transport);
    let refuse = true;
    reader.device.auth.canRefresh = () => false;
    reader.transport.pull = (request, session) => {
      if (refuse) return Promise.reject(new TransportError('unauthorized', 'JWT expired', 401));
      return pull(request, session);
    };
    reader.engine.start();
    await settle([reader]);
    expect(runner.walks).toBe(1);
    expect(reader.engine.status.get().error?.kind).toBe('auth');
    refuse = false;
    reader.device.auth.canRefresh = () => true;
    await reader.device.auth.refresh();
    await settle([reader]);
    expect(reader.engine.status.get().state).toBe('up_to_date');
  });

  it('a runner that cannot run walks on the engine’s thread instead, and nothing is missed', async () => {
    const { writer, reader, runner } = await writerAndRunner();
    await writer.commands.createNote({ title: 'kept' });
    await sync(writer);
    runner.unavailable = true;
    reader.engine.start();
    await settle([reader]);
    expect(runner.walkedHere).toBe(1);
    expect((await reader.db.notes.toArray()).map((note) => note.title)).toEqual(['kept']);
  });

  it('[R13][R27] a write during a walk on the other thread stops it after its page; the write is pushed, then the walk goes on', async () => {
    const { world, writer, reader, runner } = await writerAndRunner();
    for (let i = 0; i < 8; i++) await writer.commands.createNote({ title: `n${i}` });
    await sync(writer);
    const clockBefore = world.server.clock(TEST_USER);
    const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));
    const untilSent = async (kind: 'push' | 'pull') => {
      for (let i = 0; i < 300 && !reader.transport.pendingKinds().includes(kind); i++) await macrotask();
    };

    reader.engine.start();
    await untilSent('pull');
    await reader.transport.deliver(0);
    await untilSent('pull');
    const id = await reader.commands.createNote({ body: 'written during the walk' });
    reader.engine.notifyLocalWrite();
    // The walk stops at the first page the other thread reports after the write was counted.
    for (let page = 0; page < 3 && !reader.transport.pendingKinds().includes('push'); page++) {
      await reader.transport.deliver(reader.transport.pendingKinds().indexOf('pull'));
      await untilSent('push');
    }
    expect(reader.transport.pendingKinds()).toContain('push');
    const pulledBeforePush = (await reader.db.notes.count()) - 1;
    expect(pulledBeforePush).toBeGreaterThan(0);
    expect(pulledBeforePush).toBeLessThan(8);

    await settle([writer, reader]);
    expect(runner.walks).toBe(2);
    expect(world.server.rows(TEST_USER).some((row) => row.id === id)).toBe(true);
    expect(await reader.db.notes.count()).toBe(9);
    expect(await getCursor(reader.db)).toBe(world.server.clock(TEST_USER));
    expect(world.server.clock(TEST_USER)).toBeGreaterThan(clockBefore);
    expect(reader.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
  });

  it('a stopped engine tells the walk to end after the page it is applying', async () => {
    const { writer, reader, runner } = await writerAndRunner();
    for (let i = 0; i < 6; i++) await writer.commands.createNote({ title: `n${i}` });
    await sync(writer);
    reader.engine.status.subscribe((status) => {
      if (status.progress?.phase === 'pull') reader.engine.stop();
    });
    reader.engine.start();
    await settle([reader]);
    expect(runner.walks).toBe(1);
    expect(runner.cancelled).toBe(true);
    expect(await reader.db.notes.count()).toBeLessThan(6);
  });
});
