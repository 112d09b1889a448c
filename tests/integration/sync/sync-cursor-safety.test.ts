// @vitest-environment node
import { randomUUID } from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { pullResponseSchema, pushResponseSchema, type PushMutation } from '../../../src/sync/protocol.ts';

import { signUpUser, startSyncBackend, type SignedInUser, type SyncBackend } from './support/sync-backend.ts';
import { device, newNote } from './support/sync-requests.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * Cursor safety on PostgreSQL (sync-design §2): writers that stamped a version but have not committed
 * yet must never let a poller's cursor move past them. Each writer is a real connection running
 * sync_push as the user, then pausing inside its transaction before COMMIT.
 */
describe('cursor safety on PostgreSQL 15', () => {
  let backend: SyncBackend;
  let user: SignedInUser;
  const connections: pg.Client[] = [];

  beforeAll(async () => {
    backend = await startSyncBackend('postgres');
    user = await signUpUser(backend);
  }, 120_000);

  afterAll(async () => {
    for (const connection of connections) await connection.end().catch(() => undefined);
    await backend?.stop();
  });

  async function writer() {
    const cluster = backend.cluster;
    if (!cluster) throw new Error('needs the PostgreSQL cluster');
    const connection = new pg.Client({ connectionString: cluster.url });
    await connection.connect();
    connections.push(connection);
    const dev = device(user.id);
    const push = async (mutations: PushMutation[]) => {
      await connection.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify({ sub: user.id, role: 'authenticated' })],
      );
      const { rows } = await connection.query<{ response: unknown }>(
        'select public.sync_push($1::jsonb) as response',
        [JSON.stringify(dev.push(mutations))],
      );
      return pushResponseSchema.parse(rows[0]?.response);
    };
    return {
      dev,
      /** BEGIN, then sync_push of a new note as the signed-in user; the transaction stays open. */
      async stamp(noteId: string) {
        await connection.query('begin');
        return push([dev.mutation('notes', noteId, newNote(noteId))]);
      },
      /** sync_push inside the open transaction. */
      push,
      query: (sql: string, params: unknown[] = []) => connection.query(sql, params),
      commit: () => connection.query('commit'),
    };
  }

  /** A device that pulls pages after its cursor, the way the engine does, recording every row. */
  function poller() {
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    const dev = device(user.id);
    const seen = new Map<string, number>();
    let cursor = 0;
    return {
      seen,
      cursor: () => cursor,
      async pull(limit = 1000) {
        for (;;) {
          const page = pullResponseSchema.parse(
            await transport.pull(dev.pull(cursor, limit), { userId: user.id, accessToken: user.token }),
          );
          if (page.reset_required) throw new Error('unexpected reset');
          for (const row of page.rows) {
            expect(row.version).toBeGreaterThan(cursor);
            expect(row.version).toBeLessThanOrEqual(page.next_cursor);
            seen.set(row.id, row.version);
          }
          expect(page.next_cursor).toBeGreaterThanOrEqual(cursor);
          cursor = page.next_cursor;
          if (!page.has_more) return;
        }
      },
    };
  }

  it('[R2][R13] a version stamped but not committed holds back the cursor; the poller misses nothing', async () => {
    const p = poller();
    await p.pull();
    const first = await writer();
    const second = await writer();
    const [n1, n2] = [randomUUID(), randomUUID()];

    const stamped = await first.stamp(n1);
    await p.pull();
    expect(p.cursor()).toBeLessThan(stamped.clock);
    expect(p.seen.has(n1)).toBe(false);

    // A second writer of the same user waits for the first one's clock row lock…
    const waiting = second.stamp(n2);
    await p.pull();
    expect(p.seen.has(n2)).toBe(false);
    expect(p.cursor()).toBeLessThan(stamped.clock);

    // …so it can only take a later version, after the first commits.
    await first.commit();
    const later = await waiting;
    expect(later.clock).toBeGreaterThan(stamped.clock);
    await p.pull();
    expect(p.seen.get(n1)).toBe(stamped.clock);
    expect(p.seen.has(n2)).toBe(false);
    expect(p.cursor()).toBe(stamped.clock);

    await second.commit();
    await p.pull();
    expect(p.seen.get(n2)).toBe(later.clock);
  });

  it('[R2][R13] many writers pausing between stamping and commit while a poller pulls small pages: every row arrives', async () => {
    const p = poller();
    const written: string[] = [];
    let writing = true;
    const writers = await Promise.all(Array.from({ length: 6 }, () => writer()));
    const polling = (async () => {
      while (writing) await p.pull(3);
    })();
    await Promise.all(
      writers.map(async (w, index) => {
        for (let i = 0; i < 8; i++) {
          const id = randomUUID();
          await w.stamp(id);
          written.push(id);
          await w.query('select pg_sleep($1::float8)', [((index * 7 + i * 3) % 10) / 400]);
          await w.commit();
        }
      }),
    );
    writing = false;
    await polling;
    await p.pull(3);
    expect(written).toHaveLength(48);
    expect(written.filter((id) => !p.seen.has(id))).toEqual([]);
  });

  it('[R2][R8] two pushes of one user that touch the same notes in opposite order queue instead of deadlocking', async () => {
    const first = await writer();
    const second = await writer();
    const [x, y] = [randomUUID(), randomUUID()];
    await first.stamp(x);
    await first.push([first.dev.mutation('notes', y, newNote(y))]);
    await first.commit();

    await first.query('begin');
    await first.push([first.dev.mutation('notes', x, { title: 'first on x' })]);
    // The second push edits y, then x; the first push still has to edit y in its open transaction.
    await second.query('begin');
    const waiting = second.push([
      second.dev.mutation('notes', y, { title: 'second on y' }, Date.now() + 10),
      second.dev.mutation('notes', x, { title: 'second on x' }, Date.now() + 10),
    ]);
    const observer = await writer();
    await waitFor(async () => {
      const { rows } = await observer.query(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%sync_push%'`,
      );
      return (rows[0] as { n: number }).n > 0 ? true : undefined;
    }, 'the second push to wait for the first');
    const firstOnY = await first.push([first.dev.mutation('notes', y, { title: 'first on y' })]);
    expect(firstOnY.results).toEqual([expect.objectContaining({ status: 'applied' })]);
    await first.commit();
    const secondResult = await waiting;
    await second.commit();
    expect(secondResult.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });
});
