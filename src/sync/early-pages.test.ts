import { describe, expect, it } from 'vitest';

import { getClientId, getCursor } from '../db/sync-meta.ts';
import { countPulls, macrotask, settle, type TestTab } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';
import { EarlyPages, type WalkStart } from './early-pages.ts';
import { PullDemand } from './pull-demand.ts';
import type { PullPageFeed } from './pull-page-feed.ts';
import { pullToClock } from './pull-to-clock.ts';

const NOTES = 7;
const PAGE = 2;

/** A's notes on the server, and B: a device that has never pulled, its engine not started. */
async function freshDeviceOfAJournal() {
  const world = createTestWorld();
  const a = await world.tab(world.device());
  for (let i = 0; i < NOTES; i++) await a.commands.createNote({ title: `note ${i}` });
  a.engine.start();
  await settle([a]);
  const b = await world.tab(world.device());
  const session = b.device.auth.current();
  if (!session) throw new Error('no session');
  const start: WalkStart = {
    cursor: 0,
    clientId: await getClientId(b.db, b.device.ids),
    pullLimit: PAGE,
    wantDigest: false,
  };
  const pages = Math.ceil(world.server.rows(TEST_USER).length / PAGE);
  return { world, a, b, session, start, pages };
}

/** Answers `tab`'s requests until `done` settles. */
async function answerUntil<T>(tab: TestTab, done: Promise<T>): Promise<T> {
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    await macrotask();
    if (tab.transport.pending > 0) await tab.transport.deliver();
  }
  return done;
}

/** Answers `count` of `tab`'s requests, each once it has been sent. */
async function answer(tab: TestTab, count: number): Promise<void> {
  for (let answered = 0; answered < count;) {
    await macrotask();
    if (tab.transport.pending === 0) continue;
    await tab.transport.deliver();
    answered++;
  }
  for (let i = 0; i < 10; i++) await macrotask();
}

function walkWith(
  b: TestTab,
  session: { userId: string; accessToken: string },
  start: WalkStart,
  feed: PullPageFeed | null,
  demand = new PullDemand(),
) {
  return pullToClock(
    {
      db: b.db,
      transport: b.transport,
      session,
      clientId: start.clientId,
      pullLimit: start.pullLimit,
      startCursor: start.cursor,
      onProgress: () => undefined,
      isDisposed: () => false,
      pullDemand: demand,
      ...(feed ? { feed } : {}),
    },
    start.wantDigest,
    () => Promise.resolve(),
  );
}

describe('a fresh device asks for its first pages early (ADR 0117)', () => {
  it('the first walk takes the pages asked for before it: none is asked for twice', async () => {
    const { world, a, b, session, start, pages } = await freshDeviceOfAJournal();
    const pulls = countPulls(b);
    const early = new EarlyPages(b.db, b.transport, session, start, macrotask);
    await answer(b, 2);
    expect(await b.db.notes.count()).toBe(0);
    const feed = early.takeFor(start, () => undefined);
    expect(feed).not.toBeNull();
    expect(await answerUntil(b, walkWith(b, session, start, feed))).toBe('done');
    expect(pulls()).toBe(pages);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
    expect(await b.db.notes.orderBy('id').toArray()).toEqual(await a.db.notes.orderBy('id').toArray());
  });

  it('a walk that starts elsewhere or asks otherwise takes none of them, and fetching stops', async () => {
    for (const other of [
      { cursor: 3 },
      { pullLimit: 1_000 },
      { wantDigest: true },
      { clientId: 'another' },
    ]) {
      const { b, session, start } = await freshDeviceOfAJournal();
      const pulls = countPulls(b);
      const early = new EarlyPages(b.db, b.transport, session, start, macrotask);
      await answer(b, 1);
      expect(early.takeFor({ ...start, ...other }, () => undefined)).toBeNull();
      // The request in flight when they stopped is answered; no other leaves.
      await answer(b, b.transport.pending);
      expect(pulls()).toBeLessThanOrEqual(2);
      expect(b.transport.pending).toBe(0);
    }
  });

  it('is taken once: a second walk from the same cursor gets none', async () => {
    const { b, session, start } = await freshDeviceOfAJournal();
    const early = new EarlyPages(b.db, b.transport, session, start, macrotask);
    expect(early.takeFor(start, () => undefined)).not.toBeNull();
    expect(early.takeFor(start, () => undefined)).toBeNull();
  });

  it('pages whose request failed are left: the walk asks for its own', async () => {
    const { world, b, session, start, pages } = await freshDeviceOfAJournal();
    const early = new EarlyPages(b.db, b.transport, session, start, macrotask);
    while (b.transport.pending === 0) await macrotask();
    await b.transport.deliver(0, 'unauthorized');
    for (let i = 0; i < 10; i++) await macrotask();
    expect(early.takeFor(start, () => undefined)).toBeNull();
    const pulls = countPulls(b);
    expect(await answerUntil(b, walkWith(b, session, start, null))).toBe('done');
    expect(pulls()).toBe(pages);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
  });

  it('[R27] only requests made after the walk took them answer its triggers', async () => {
    const { b, session, start, pages } = await freshDeviceOfAJournal();
    // Every page fetched before the walk: a trigger before it is left for a pull of its own.
    const allEarly = new EarlyPages(b.db, b.transport, session, start, macrotask);
    await answer(b, pages);
    const before = new PullDemand();
    before.ask();
    const fetched = allEarly.takeFor(start, () => before.requesting());
    await answerUntil(b, walkWith(b, session, start, fetched, before));
    expect(before.answered()).toBe(false);

    // Pages still to fetch when the walk takes them: their requests answer the trigger.
    const { b: c, session: cSession, start: cStart } = await freshDeviceOfAJournal();
    const partly = new EarlyPages(c.db, c.transport, cSession, cStart, macrotask);
    await answer(c, 1);
    const during = new PullDemand();
    during.ask();
    const feed = partly.takeFor(cStart, () => during.requesting());
    await answerUntil(c, walkWith(c, cSession, cStart, feed, during));
    expect(during.answered()).toBe(true);
  });
});
