import { describe, expect, it } from 'vitest';

import { getClientId } from '../db/sync-meta.ts';
import { macrotask, settle } from '../testing/sync/test-device.ts';
import { createTestWorld } from '../testing/sync/test-world.ts';
import { pullToClock } from './pull-to-clock.ts';

describe('pullToClock', () => {
  it("pauses for the screens' reads between a walk's transactions while pages are to come, not after its last", async () => {
    const world = createTestWorld();
    const a = await world.tab(world.device());
    for (let i = 0; i < 7; i++) await a.commands.createNote({ title: `note ${i}` });
    a.engine.start();
    await settle([a]);
    const b = await world.tab(world.device());
    const session = b.device.auth.current();
    if (!session) throw new Error('no session');
    const events: string[] = [];
    let appliedSinceDelivery = true;
    const walking = pullToClock(
      {
        db: b.db,
        transport: b.transport,
        session,
        clientId: await getClientId(b.db, b.device.ids),
        pullLimit: 2,
        onProgress: () => {
          events.push('applied');
          appliedSinceDelivery = true;
        },
        isDisposed: () => false,
        afterApply: () => {
          events.push('paused');
          return Promise.resolve();
        },
      },
      false,
      () => Promise.resolve(),
    );
    let walked = false;
    void walking.finally(() => (walked = true));
    // Each page answered only once the one before it is applied: a page is always still to come.
    while (!walked) {
      await macrotask();
      if (b.transport.pending > 0 && appliedSinceDelivery) {
        appliedSinceDelivery = false;
        await b.transport.deliver();
      }
    }
    expect(await walking).toBe('done');
    const transactions = events.filter((event) => event === 'applied').length;
    expect(transactions).toBeGreaterThan(1);
    expect(events.filter((event) => event === 'paused')).toHaveLength(transactions - 1);
    expect(events.at(-1)).toBe('applied');
    expect(await b.db.notes.count()).toBe(7);
  });

  it('applies what is left back to back once every page has arrived', async () => {
    const world = createTestWorld();
    const a = await world.tab(world.device());
    for (let i = 0; i < 7; i++) await a.commands.createNote({ title: `note ${i}` });
    a.engine.start();
    await settle([a]);
    const b = await world.tab(world.device());
    const session = b.device.auth.current();
    if (!session) throw new Error('no session');
    const events: string[] = [];
    const walking = pullToClock(
      {
        db: b.db,
        transport: b.transport,
        session,
        clientId: await getClientId(b.db, b.device.ids),
        pullLimit: 2,
        onProgress: () => events.push('applied'),
        isDisposed: () => false,
        afterApply: () => {
          events.push('paused');
          return Promise.resolve();
        },
      },
      false,
      () => Promise.resolve(),
    );
    let walked = false;
    void walking.finally(() => (walked = true));
    // Every request answered as soon as it is sent: the last page arrives while the first are applied.
    while (!walked) {
      await macrotask();
      while (b.transport.pending > 0) {
        await b.transport.deliver();
        events.push('delivered');
      }
    }
    expect(await walking).toBe('done');
    const lastDelivery = events.lastIndexOf('delivered');
    const afterIt = events.slice(lastDelivery + 1);
    expect(afterIt.filter((event) => event === 'applied').length).toBeGreaterThan(1);
    expect(afterIt).not.toContain('paused');
    expect(await b.db.notes.count()).toBe(7);
  });
});
