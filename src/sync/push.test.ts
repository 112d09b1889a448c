import { describe, expect, it } from 'vitest';

import { backoffDelay } from './backoff.ts';
import { buildPushBatch } from './build-push-batch.ts';
import { PROTOCOL_VERSION } from './protocol.ts';
import { TransportError } from './transport.ts';
import { settle } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';

async function oneTab(engineOptions = {}) {
  const world = createTestWorld();
  const device = world.device();
  const tab = await world.tab(device, engineOptions);
  return { world, device, tab };
}

describe('push', () => {
  it('[R6][R7] coalesces each entity of an outbox prefix, keeping the earliest base per field', async () => {
    const { tab } = await oneTab();
    const a = await tab.commands.createNote({ body: 'a1' });
    const b = await tab.commands.createNote({ body: 'b1' });
    const created = (await tab.db.notes.get(a))?._sync.hlc['body'];
    await tab.commands.updateNote(a, { body: 'a2' });
    await tab.commands.updateNote(a, { body: 'a3', pinned: true });
    const c = await tab.commands.createNote({ body: 'c1' });
    const full = await buildPushBatch(tab.db, 200);
    expect(full?.mutations.map((m) => [m.id, m.seq])).toEqual([
      [b, 2],
      [a, 4],
      [c, 5],
    ]);
    const mutationA = full?.mutations.find((m) => m.id === a);
    expect(mutationA?.patch).toMatchObject({ body: 'a3', pinned: true, title: '' });
    expect(mutationA?.base['body']).toBe('');
    expect(mutationA?.hlc['body']).toBe((await tab.db.notes.get(a))?._sync.hlc['body']);
    expect(created).toBeTruthy();
    // Two entities at most: the prefix stops before the third entity's first row.
    const limited = await buildPushBatch(tab.db, 2);
    expect(limited?.rowSeqs).toEqual([1, 2, 3, 4]);
    expect(limited?.mutations.map((m) => m.id)).toEqual([b, a]);
  });

  it('[R6][R7] builds a batch whole when coalesced typing runs past one read of the outbox', async () => {
    const { tab } = await oneTab();
    const a = await tab.commands.createNote({ body: 'a0' });
    // Ten more rows of one note: more than the first read of a batch of two asks for.
    for (let i = 1; i <= 10; i++) await tab.commands.updateNote(a, { body: `a${i}` });
    const b = await tab.commands.createNote({ body: 'b' });
    const c = await tab.commands.createNote({ body: 'c' });
    const batch = await buildPushBatch(tab.db, 2);
    expect(batch?.rowSeqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(batch?.mutations.map((m) => [m.id, m.seq, m.patch['body']])).toEqual([
      [a, 11, 'a10'],
      [b, 12, 'b'],
    ]);
    const rest = await buildPushBatch(tab.db, 2, 12);
    expect(rest?.rowSeqs).toEqual([13]);
    expect(rest?.mutations.map((m) => m.id)).toEqual([c]);
    expect(await buildPushBatch(tab.db, 2, 13)).toBeNull();
  });

  it('[R8] an acknowledgement deletes its batch and keeps a change written while it was on the wire', async () => {
    const { tab } = await oneTab({ pushBatchSize: 2 });
    const a = await tab.commands.createNote({ body: 'a' });
    await tab.commands.createNote({ body: 'b' });
    tab.engine.start();
    await settleUntilPush(tab);
    await tab.commands.updateNote(a, { body: 'a, typed while the push was out' });
    await tab.transport.deliver(tab.transport.pendingKinds().indexOf('push'));
    await untilIdle(tab);
    const left = await tab.db.outbox.toArray();
    expect(left.map((row) => [row.seq, row.entity_id, row.patch['body']])).toEqual([
      [3, a, 'a, typed while the push was out'],
    ]);
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
  });

  it('[R6][R20] does not merge an edit made over a pulled value into the edit it displaced', async () => {
    const { tab } = await oneTab();
    const id = await tab.commands.createNote({ body: 'mine, then displaced' });
    // A pull showed a newer value from another device over the queued edit (R14)…
    const row = await tab.db.notes.get(id);
    const newer = '009999999999999-000000-' + 'b'.repeat(32);
    if (!row) throw new Error('setup');
    await tab.db.notes.put({
      ...row,
      body: 'from elsewhere',
      _sync: { version: 7, hlc: { ...row._sync.hlc, body: newer } },
    });
    // …and the user edited that value.
    await tab.commands.updateNote(id, { body: 'edited over the pulled value' });
    const batch = await buildPushBatch(tab.db, 200);
    expect(batch?.mutations.map((m) => [m.seq, m.patch['body'], m.base['body']])).toEqual([
      [1, 'mine, then displaced', ''],
      [2, 'edited over the pulled value', newer],
    ]);
  });

  it('[R7][R8] a lost answer leaves the outbox; the retry is a duplicate and clears it', async () => {
    const { world, tab } = await oneTab();
    await tab.commands.createNote({ body: 'once' });
    tab.engine.start();
    await new Promise((r) => setTimeout(r, 0));
    await settleUntilPush(tab);
    await tab.transport.deliver(0, 'drop_response');
    await untilIdle(tab);
    expect(await tab.db.outbox.count()).toBe(1);
    const clock = world.server.clock(TEST_USER);
    world.timers.advance(60_000);
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(world.server.clock(TEST_USER)).toBe(clock);
    expect(world.server.rows(TEST_USER).filter((r) => r.table === 'notes')).toHaveLength(1);
  });

  it('[R7][R8] batches go one at a time and in order, each after the previous one was answered', async () => {
    const { world, tab } = await oneTab({ pushBatchSize: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await tab.commands.createNote({ body: `n${i}` }));
    const sent: string[][] = [];
    const push = tab.transport.push.bind(tab.transport);
    tab.transport.push = (request, session) => {
      sent.push((request as { mutations: { id: string }[] }).mutations.map((m) => m.id));
      return push(request, session);
    };
    tab.engine.start();
    // The second batch's answer is lost: its rows stay queued, and go again after the backoff.
    const expected = [ids.slice(0, 2), ids.slice(2, 4), ids.slice(2, 4), ids.slice(4)];
    for (const [index, batch] of expected.entries()) {
      await settleUntilPush(tab);
      // Never a second request before the previous one's answer.
      expect(tab.transport.pendingKinds().filter((kind) => kind === 'push')).toHaveLength(1);
      expect(sent).toHaveLength(index + 1);
      expect(sent[index]).toEqual(batch);
      const fault = index === 1 ? 'drop_response' : 'none';
      await tab.transport.deliver(tab.transport.pendingKinds().indexOf('push'), fault);
      if (fault === 'drop_response') {
        await untilIdle(tab);
        // The first batch's acknowledgement was written; the second's rows are still queued.
        expect((await tab.db.outbox.toArray()).map((row) => row.entity_id)).toEqual(ids.slice(2));
        world.timers.advance(60_000);
      }
    }
    await settle([tab]);
    expect(sent).toHaveLength(4);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(world.server.rows(TEST_USER).filter((r) => r.table === 'notes')).toHaveLength(5);
  });

  it('[R8] a thawed tab re-sending an old batch changes nothing', async () => {
    const { world, tab } = await oneTab();
    const id = await tab.commands.createNote({ body: 'v1' });
    const stale = await buildPushBatch(tab.db, 200);
    const clientId = String((await tab.db.sync_meta.get('client'))?.value);
    await tab.commands.updateNote(id, { body: 'v2' });
    tab.engine.start();
    await settle([tab]);
    const clock = world.server.clock(TEST_USER);
    const session = tab.device.auth.current();
    if (!stale || !session) throw new Error('setup');
    const response = await world.server.push(session.accessToken, {
      protocol: PROTOCOL_VERSION,
      client_id: clientId,
      user_id: TEST_USER,
      mutations: stale.mutations,
    });
    expect(response.results.map((r) => r.status)).toEqual(['duplicate']);
    expect(world.server.clock(TEST_USER)).toBe(clock);
    expect(world.server.rows(TEST_USER).find((r) => r.id === id)?.data['body']).toBe('v2');
  });

  it('[R16] a refused batch is split until the refused change is alone; it becomes a visible conflict', async () => {
    const { world, tab } = await oneTab();
    const good = await tab.commands.createNote({ body: 'fine' });
    const bad = await tab.commands.createNote({ body: 'the server will refuse this' });
    const later = await tab.commands.createNote({ body: 'also fine' });
    const push = tab.transport.push.bind(tab.transport);
    tab.transport.push = async (request, session) => {
      const body = request as { mutations: { id: string }[] };
      if (body.mutations.some((m) => m.id === bad))
        throw new TransportError('rejected', 'payload too large', 413);
      return push(request, session);
    };
    tab.engine.start();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    const serverIds = world.server.rows(TEST_USER).map((r) => r.id);
    expect(serverIds).toEqual(expect.arrayContaining([good, later]));
    expect(serverIds).not.toContain(bad);
    const conflicts = await tab.db.conflicts.toArray();
    expect(conflicts).toEqual([
      expect.objectContaining({
        kind: 'rejected',
        row_id: bad,
        losing_value: expect.objectContaining({ body: 'the server will refuse this' }),
      }),
    ]);
    expect(await tab.db.notes.get(bad)).toBeUndefined();
  });

  it('[R17] a mutation refused by the server is pulled back as a conflict and its local-only row goes', async () => {
    const { world, tab } = await oneTab();
    world.server.refuse = (m) => (String(m.patch['body'] ?? '').includes('forbidden') ? 'not allowed' : null);
    const id = await tab.commands.createNote({ body: 'a forbidden word' });
    tab.engine.start();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(await tab.db.notes.get(id)).toBeUndefined();
    expect(await tab.db.conflicts.toArray()).toEqual([
      expect.objectContaining({
        kind: 'rejected',
        row_id: id,
        reason: 'not allowed',
        losing_value: expect.objectContaining({ body: 'a forbidden word' }),
      }),
    ]);
  });

  it('[R15] pulls right after a push, so a losing edit is replaced by the winner and shown as a conflict', async () => {
    const world = createTestWorld();
    const a = await world.tab(world.device());
    const b = await world.tab(world.device());
    a.engine.start();
    b.engine.start();
    const id = await a.commands.createNote({ body: 'start' });
    a.engine.notifyLocalWrite();
    await settle([a, b]);
    b.engine.notifyFocus();
    await settle([a, b]);
    a.transport.pokesEnabled = false; // A only learns of B's edit by reading back after its push
    await a.commands.updateNote(id, { body: 'older, from A' });
    world.timers.advance(1000);
    await b.commands.updateNote(id, { body: 'newer, from B' });
    b.engine.notifyLocalWrite();
    await settle([a, b]);
    expect((await a.db.notes.get(id))?.body).toBe('older, from A');
    a.engine.notifyLocalWrite(); // asks for a push only
    await settle([a]);
    expect((await a.db.notes.get(id))?.body).toBe('newer, from B');
    expect(await a.db.conflicts.toArray()).toEqual([
      expect.objectContaining({ row_id: id, field: 'body', losing_value: 'older, from A' }),
    ]);
  });

  it('[R40] two saves of one base that meet at the server merge where they touch different words', async () => {
    const world = createTestWorld();
    const a = await world.tab(world.device());
    const b = await world.tab(world.device());
    a.engine.start();
    b.engine.start();
    const id = await a.commands.createNote({ body: 'We met at noon. It rained.' });
    a.engine.notifyLocalWrite();
    await settle([a, b]);
    b.engine.notifyFocus();
    await settle([a, b]);
    // Neither hears of the other's save before pushing its own: both start from the same base.
    a.transport.pokesEnabled = false;
    b.transport.pokesEnabled = false;
    await a.commands.updateNote(id, { body: 'We met at noon in Köln. It rained.' });
    a.engine.notifyLocalWrite();
    await settle([a]);
    world.timers.advance(1000);
    await b.commands.updateNote(id, { body: 'We met at noon. It rained all day.' });
    const queued = await b.db.outbox.toArray();
    expect(queued.at(-1)?.base_text).toEqual({ body: 'We met at noon. It rained.' });
    b.engine.notifyLocalWrite();
    await settle([b]);
    a.engine.notifyFocus();
    await settle([a, b]);

    const merged = 'We met at noon in Köln. It rained all day.';
    for (const tab of [a, b]) {
      expect((await tab.db.notes.get(id))?.body).toBe(merged);
      expect((await tab.db.conflicts.toArray()).filter((c) => c.resolved_at === null)).toEqual([]);
    }
  });

  it('[R18] retries a failed push after a jittered backoff and never drops the change', async () => {
    const { world, tab } = await oneTab();
    await tab.commands.createNote({ body: 'durable' });
    tab.engine.start();
    await settleUntilPush(tab);
    await tab.transport.deliver(0, 'server_error');
    await untilIdle(tab);
    expect(tab.engine.status.get()).toMatchObject({ state: 'error', pending: 1, error: { kind: 'server' } });
    expect(tab.transport.pending).toBe(0);
    world.timers.advance(1499); // first retry is 1–2 s; with the device's random 0.5 it is 1.5 s
    await untilIdle(tab);
    expect(tab.transport.pending).toBe(0);
    world.timers.advance(1);
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(tab.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
  });

  it('[R18] backoff doubles from 2 s to a 60 s cap with equal jitter', () => {
    expect(backoffDelay(1, () => 0)).toBe(1000);
    expect(backoffDelay(1, () => 0.999999)).toBe(2000);
    expect(backoffDelay(2, () => 0)).toBe(2000);
    expect(backoffDelay(10, () => 0)).toBe(30_000);
    expect(backoffDelay(10, () => 0.999999)).toBe(60_000);
  });

  it('[R4] a malformed push answer deletes nothing and is retried', async () => {
    const { world, tab } = await oneTab();
    await tab.commands.createNote({ body: 'keep' });
    tab.transport.tamper = (kind, response) =>
      kind === 'push' ? { ...(response as object), results: 'nope' } : response;
    tab.engine.start();
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(1);
    expect(tab.engine.status.get()).toMatchObject({ state: 'error', error: { kind: 'malformed' } });
    tab.transport.tamper = null;
    world.timers.advance(2_000);
    await settle([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
  });
});

/** Lets the engine run until it stops (idle, waiting for a timer, or waiting for the network). */
async function untilIdle(tab: { engine: { isRunning(): boolean }; transport: { pending: number } }) {
  for (let i = 0; i < 200 && tab.engine.isRunning() && tab.transport.pending === 0; i++) {
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** Lets the engine run until its push request is queued. */
async function settleUntilPush(tab: { transport: { pendingKinds(): string[] } }) {
  for (let i = 0; i < 200 && !tab.transport.pendingKinds().includes('push'); i++)
    await new Promise((r) => setTimeout(r, 0));
}
