// @vitest-environment node
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { device, newDiaryEntry, newMoodEntry, newNote } from '../sync/support/sync-requests.ts';
import { startHostedLikeProject, type HostedLikeProject } from './support/hosted-like-project.ts';

/**
 * `supabase/migrations` on PostgreSQL 15 set up as a hosted project (postgres not a superuser, no default
 * privileges in public), exercised as the Data API runs requests: PostgREST's `authenticator` login
 * switches role and sets `request.jwt.claims` for each transaction.
 */

type Outcome = { rows: Record<string, unknown>[] } | { code: string; message: string };

interface Caller {
  readonly name: string;
  readonly role: 'anon' | 'authenticated' | 'service_role';
  readonly claims: Record<string, unknown>;
}

let project: HostedLikeProject;
const owner = { id: randomUUID(), email: `owner-${randomUUID()}@example.com` };
const other = { id: randomUUID(), email: `other-${randomUUID()}@example.com` };

const anon: Caller = { name: 'anon', role: 'anon', claims: { role: 'anon' } };
const serviceRole: Caller = { name: 'service_role', role: 'service_role', claims: { role: 'service_role' } };
const signedIn = (user: { id: string; email: string }, aal: 'aal1' | 'aal2', name: string): Caller => ({
  name,
  role: 'authenticated',
  claims: { sub: user.id, email: user.email, role: 'authenticated', aal, session_id: randomUUID() },
});
const ownerAal1 = signedIn(owner, 'aal1', 'the owner with a password only (aal1, factor enrolled)');
const ownerAal2 = signedIn(owner, 'aal2', 'the owner after the second step (aal2)');
const otherUser = signedIn(other, 'aal1', 'another user');

/** One Data API request: its own transaction, as `caller`, rolled back unless `commit`. */
async function request(
  caller: Caller,
  sql: string,
  params: unknown[] = [],
  { commit = false, topic }: { commit?: boolean; topic?: string } = {},
): Promise<Outcome> {
  const client = await project.authenticator.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true), set_config('realtime.topic', $4, true)`,
      [caller.role, JSON.stringify(caller.claims), String(caller.claims['sub'] ?? ''), topic ?? ''],
    );
    const result = await client.query(sql, params);
    await client.query(commit ? 'commit' : 'rollback');
    return { rows: result.rows as Record<string, unknown>[] };
  } catch (error) {
    await client.query('rollback');
    const { code = '', message = '' } = error as { code?: string; message?: string };
    return { code, message };
  } finally {
    client.release();
  }
}

function rowsOf(outcome: Outcome): Record<string, unknown>[] {
  if ('code' in outcome) throw new Error(`request failed: ${outcome.code} ${outcome.message}`);
  return outcome.rows;
}

/** What `caller` can see of the owner's rows: a count, or the refusal's SQLSTATE. */
async function visibleOwnerRows(caller: Caller, table: string): Promise<number | string> {
  const outcome = await request(caller, `select count(*)::int as n from public.${table} where user_id = $1`, [
    owner.id,
  ]);
  return 'code' in outcome ? outcome.code : Number(outcome.rows[0]?.['n']);
}

const ownerDevice = device(owner.id);

beforeAll(async () => {
  project = await startHostedLikeProject();
  // What the auth service writes: two users, the owner with a verified authenticator.
  for (const user of [owner, other])
    await project.admin.query(
      `insert into auth.users (id, email, aud, role, email_confirmed_at, created_at, updated_at)
       values ($1, $2, 'authenticated', 'authenticated', now(), now(), now())`,
      [user.id, user.email],
    );
  await project.admin.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status)
     values ($1, $2, 'phone app', 'totp', 'verified')`,
    [randomUUID(), owner.id],
  );
}, 120_000);

afterAll(async () => {
  await project?.stop();
});

describe('supabase/migrations on a hosted-like PostgreSQL 15', () => {
  it('apply as postgres, which is not a superuser, with no default privileges in public', async () => {
    expect(project.appliedMigrations.length).toBeGreaterThan(0);
    const { rows } = await project.admin.query<{ rolsuper: boolean }>(
      `select rolsuper from pg_roles where rolname = 'postgres'`,
    );
    expect(rows[0]?.rolsuper).toBe(false);
    // Nothing the migrations made in public is the platform's: postgres owns it all.
    const foreign = await project.admin.query(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and pg_get_userbyid(c.relowner) <> 'postgres'`,
    );
    expect(foreign.rows).toEqual([]);
  });

  it('sync_push and sync_pull work for the owner after the second step, the way the app calls them', async () => {
    const noteId = randomUUID();
    const diaryId = randomUUID();
    const moodId = randomUUID();
    const push = ownerDevice.push([
      ownerDevice.mutation('notes', noteId, newNote(noteId)),
      ownerDevice.mutation('diary_entries', diaryId, newDiaryEntry(diaryId)),
      ownerDevice.mutation('mood_entries', moodId, newMoodEntry(moodId)),
    ]);
    const pushed = rowsOf(
      await request(ownerAal2, 'select public.sync_push($1::jsonb) as r', [push], { commit: true }),
    );
    const results = (pushed[0]?.['r'] as { results: { status: string }[] }).results;
    expect(results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);

    const pulled = rowsOf(
      await request(ownerAal2, 'select public.sync_pull($1::jsonb) as r', [ownerDevice.pull(0, 1000)]),
    );
    const page = pulled[0]?.['r'] as { rows: { id: string }[] };
    expect(page.rows.map((row) => row.id)).toEqual(expect.arrayContaining([noteId, diaryId, moodId]));
  });

  it('refuses the sync functions to anon, to another user, and to the owner without the second step', async () => {
    const attempt = () => ownerDevice.push([ownerDevice.mutation('notes', randomUUID(), newNote())]);
    for (const fn of ['sync_push', 'sync_pull'] as const) {
      const body = fn === 'sync_push' ? attempt() : ownerDevice.pull(0, 10);
      const outcomes = await Promise.all(
        [anon, otherUser, ownerAal1].map((caller) =>
          request(caller, `select public.${fn}($1::jsonb) as r`, [body]),
        ),
      );
      for (const outcome of outcomes)
        expect(outcome, fn).toMatchObject({ code: expect.stringMatching(/^(42501|P0001|22023|28000)$/) });
      expect(outcomes[2]).toMatchObject({ code: '42501' });
    }
  });

  it('the functions statements work as service_role: trial, subscription read and update', async () => {
    const trialEnds = new Date(Date.now() + 7 * 86_400_000).toISOString();
    rowsOf(
      await request(
        serviceRole,
        'insert into public.trial_usage (email, user_id) values ($1, $2)',
        [owner.email, owner.id],
        {
          commit: true,
        },
      ),
    );
    rowsOf(
      await request(
        serviceRole,
        `insert into public.subscriptions (id, user_id, status, trial_ends_at) values ($1, $2, 'trialing', $3)`,
        [owner.id, owner.id, trialEnds],
        { commit: true },
      ),
    );
    const read = rowsOf(
      await request(
        serviceRole,
        'select status, current_period_end, trial_ends_at, stripe_customer_id from public.subscriptions where user_id = $1',
        [owner.id],
      ),
    );
    expect(read).toHaveLength(1);
    rowsOf(
      await request(
        serviceRole,
        `update public.subscriptions set status = 'active', current_period_end = now() + interval '1 year' where user_id = $1`,
        [owner.id],
      ),
    );
    rowsOf(
      await request(serviceRole, 'delete from public.trial_usage where email = $1', ['nobody@example.com']),
    );
    rowsOf(await request(serviceRole, 'select public.sync_compact($1, $2) as r', [owner.id, 0]));
  });

  it('the app reads its subscription and trial as the owner after the second step', async () => {
    expect(
      rowsOf(
        await request(
          ownerAal2,
          'select status, current_period_end, trial_ends_at from public.subscriptions where user_id = $1',
          [owner.id],
        ),
      ),
    ).toHaveLength(1);
    expect(
      rowsOf(
        await request(ownerAal2, 'select email from public.trial_usage where email = $1', [owner.email]),
      ),
    ).toHaveLength(1);
  });

  it('policy matrix: each table shows the owner rows only to the owner after the second step', async () => {
    const { rows: tables } = await project.admin.query<{ table_name: string }>(
      `select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'user_id' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'notes',
        'diary_entries',
        'mood_entries',
        'subscriptions',
        'trial_usage',
        'conflicts',
      ]),
    );
    const matrix: Record<string, Record<string, number | string>> = {};
    for (const { table_name: table } of tables) {
      const { rows } = await project.admin.query<{ n: number }>(
        `select count(*)::int as n from public.${table} where user_id = $1`,
        [owner.id],
      );
      const stored = rows[0]?.n ?? 0;
      const seen: Record<string, number | string> = {};
      for (const caller of [anon, otherUser, ownerAal1, ownerAal2])
        seen[caller.name] = await visibleOwnerRows(caller, table);
      matrix[table] = seen;
      // Refused outright (no grant) or shown nothing: either way none of the owner's rows.
      for (const caller of [anon, otherUser, ownerAal1])
        expect([0, '42501'], `${table} to ${caller.name}`).toContain(seen[caller.name]);
      // The owner at aal2 sees everything stored, where the app reads the table directly.
      if (seen[ownerAal2.name] !== '42501') expect(seen[ownerAal2.name], table).toBe(stored);
    }
    expect(matrix['notes']?.[ownerAal2.name]).toBeGreaterThan(0);
    expect(matrix['subscriptions']?.[ownerAal2.name]).toBe(1);
  });

  it('no API role writes a synced table directly: writes go through sync_push', async () => {
    for (const caller of [anon, otherUser, ownerAal1, ownerAal2]) {
      const outcome = await request(caller, `update public.notes set title = 'changed' where user_id = $1`, [
        owner.id,
      ]);
      expect(outcome, caller.name).toMatchObject({ code: '42501' });
    }
  });

  it('the realtime poke and the stored recording reach the owner only after the second step', async () => {
    const topic = `user:${owner.id}`;
    const pokes = async (caller: Caller) => {
      const outcome = await request(
        caller,
        `select count(*)::int as n from realtime.messages where topic = $1`,
        [topic],
        { topic },
      );
      return 'code' in outcome ? outcome.code : Number(outcome.rows[0]?.['n']);
    };
    expect(await pokes(ownerAal2)).toBeGreaterThan(0);
    for (const caller of [anon, otherUser, ownerAal1])
      expect([0, '42501'], caller.name).toContain(await pokes(caller));

    await project.admin.query(
      `insert into storage.objects (bucket_id, name, owner) values ('recordings', $1, $2::uuid)`,
      [`${owner.id}/${randomUUID()}.webm`, owner.id],
    );
    const audio = async (caller: Caller) => {
      const outcome = await request(
        caller,
        `select count(*)::int as n from storage.objects where bucket_id = 'recordings'`,
      );
      return 'code' in outcome ? outcome.code : Number(outcome.rows[0]?.['n']);
    };
    expect(await audio(ownerAal2)).toBe(1);
    for (const caller of [anon, otherUser, ownerAal1])
      expect([0, '42501'], caller.name).toContain(await audio(caller));
  });
});
