import { describe, expect, it } from 'vitest';

import { getClientId } from '../db/sync-meta.ts';
import { macrotask, settle } from '../testing/sync/test-device.ts';
import { createTestWorld } from '../testing/sync/test-world.ts';
import type { FakeTransport } from '../testing/sync/fake-transport.ts';
import { pullToClock } from './pull-to-clock.ts';

/**
 * A fresh tab walks seven notes in pages of two, its requests answered by `answer` (called on every
 * macrotask until the walk ends); returns the walk's outcome, the notes it stored, and its events in
 * order: 'applied' per transaction, 'paused' per readers' pause, and whatever `answer` adds.
 */
async function walkSevenNotes(answer: (transport: FakeTransport, events: string[]) => Promise<void>) {
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
  while (!walked) {
    await macrotask();
    await answer(b.transport, events);
  }
  return { outcome: await walking, notes: await b.db.notes.count(), events };
}

describe('pullToClock', () => {
  it("pauses for the screens' reads between a walk's transactions while pages are to come, not after its last", async () => {
    // Each page answered only once the one before it is applied: a page is always still to come.
    const { outcome, notes, events } = await walkSevenNotes(async (transport, seen) => {
      const appliedSinceDelivery = seen.lastIndexOf('applied') > seen.lastIndexOf('delivered');
      if (transport.pending > 0 && (appliedSinceDelivery || !seen.includes('delivered'))) {
        seen.push('delivered');
        await transport.deliver();
      }
    });
    expect(outcome).toBe('done');
    const transactions = events.filter((event) => event === 'applied').length;
    expect(transactions).toBeGreaterThan(1);
    expect(events.filter((event) => event === 'paused')).toHaveLength(transactions - 1);
    expect(events.at(-1)).toBe('applied');
    expect(notes).toBe(7);
  });

  it('applies what is left back to back once every page has arrived', async () => {
    // Every request answered as soon as it is sent: the last page arrives while the first are applied.
    const { outcome, notes, events } = await walkSevenNotes(async (transport, seen) => {
      while (transport.pending > 0) {
        await transport.deliver();
        seen.push('delivered');
      }
    });
    expect(outcome).toBe('done');
    const afterLastPage = events.slice(events.lastIndexOf('delivered') + 1);
    expect(afterLastPage.filter((event) => event === 'applied').length).toBeGreaterThan(1);
    expect(afterLastPage).not.toContain('paused');
    expect(notes).toBe(7);
  });
});
