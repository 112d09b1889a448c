// @vitest-environment node
import { randomUUID } from 'node:crypto';

import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEVELOPMENT_JWT_SECRET } from '../../../server/config.ts';
import { defaultUserSettings } from '../../../src/db/entities/user-settings.ts';
import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import {
  pokePageSchema,
  pullResponseSchema,
  pushResponseSchema,
  serverRowSchema,
  type ServerRow,
} from '../../../src/sync/protocol.ts';
import { TransportError, type SyncPoke } from '../../../src/sync/transport.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';
import { client } from '../backend/support/clients.ts';
import { freePort } from '../backend/support/postgres-cluster.ts';

import {
  clientWithToken,
  serviceClient,
  signUpUser,
  startSyncBackend,
  syncSession,
  type SignedInUser,
  type SyncBackend,
} from './support/sync-backend.ts';
import { device, newDiaryEntry, newMoodEntry, newNote, newRecording } from './support/sync-requests.ts';
import { waitFor } from './support/wait-for.ts';

const SERVER_NODE = '0'.repeat(32);

/** The tables whose rows belong to a user: read by their owner only. */
const OWNED_TABLES = [
  'notes',
  'diary_entries',
  'mood_entries',
  'recordings',
  'user_settings',
  'subscriptions',
  'conflicts',
  'trial_usage',
] as const;

async function pullAll(user: SignedInUser, cursor = 0): Promise<{ rows: ServerRow[]; clock: number }> {
  const transport = createSupabaseSyncTransport(user.supabase, user.id);
  const page = pullResponseSchema.parse(
    await transport.pull(device(user.id).pull(cursor), syncSession(user)),
  );
  if (page.reset_required) throw new Error('unexpected reset');
  return { rows: page.rows, clock: page.clock };
}

async function push(user: SignedInUser, request: unknown) {
  const transport = createSupabaseSyncTransport(user.supabase, user.id);
  return pushResponseSchema.parse(await transport.push(request, syncSession(user)));
}

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TransportError)) throw new Error(`expected a TransportError, got ${String(error)}`);
  return error;
}

describe.each(TARGETS)('sync tables, RLS and realtime on %s', (target) => {
  let backend: SyncBackend;
  let a: SignedInUser;
  let b: SignedInUser;
  const noteId = randomUUID();
  const closers: (() => unknown)[] = [];

  beforeAll(async () => {
    backend = await startSyncBackend(target);
    a = await signUpUser(backend);
    b = await signUpUser(backend);
    const dev = device(a.id);
    const [diary, mood, recording] = [randomUUID(), randomUUID(), randomUUID()];
    const response = await push(
      a,
      dev.push([
        dev.mutation('notes', noteId, newNote(noteId)),
        dev.mutation('diary_entries', diary, newDiaryEntry(diary)),
        dev.mutation('mood_entries', mood, newMoodEntry(mood)),
        dev.mutation('recordings', recording, newRecording(recording)),
        dev.mutation('notes', noteId, { font_size: 500 }),
      ]),
    );
    expect(response.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'rejected',
    ]);
    const service = serviceClient(backend);
    const sub = await service
      .from('subscriptions')
      .insert({ user_id: a.id, id: a.id, status: 'trialing', current_period_end: null, trial_ends_at: null });
    expect(sub.error).toBeNull();
    const trial = await service.from('trial_usage').insert({ email: a.email, user_id: a.id });
    expect(trial.error).toBeNull();
  }, 120_000);

  afterAll(async () => {
    for (const close of closers) await close();
    await backend?.stop();
  });

  it('gives a new account its settings row with the product-spec defaults', async () => {
    const user = await signUpUser(backend);
    const { rows } = await pullAll(user);
    expect(rows).toEqual([
      { table: 'user_settings', id: user.id, version: 1, data: defaultUserSettings(user.id), hlc: {} },
    ]);
    const { data, error } = await user.supabase.from('user_settings').select('*');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const row = (data ?? [])[0] as Record<string, unknown>;
    const defaults = defaultUserSettings(user.id);
    expect(Object.fromEntries(Object.keys(defaults).map((key) => [key, row[key]]))).toEqual(defaults);
    expect(row['user_id']).toBe(user.id);
  });

  it('[R31] RLS: a user reads only their own rows, anon reads nothing, the service role reads everything', async () => {
    const anon = client(backend.url, backend.anonKey);
    const service = serviceClient(backend);
    for (const table of OWNED_TABLES) {
      const own = await a.supabase.from(table).select('*');
      expect(own.error, table).toBeNull();
      expect(own.data?.length, table).toBeGreaterThan(0);
      expect(
        own.data?.every((row: { user_id: string }) => row.user_id === a.id),
        table,
      ).toBe(true);
      const other = await b.supabase.from(table).select('*');
      expect(other.error, table).toBeNull();
      expect(
        other.data?.some((row: { user_id: string }) => row.user_id === a.id),
        table,
      ).toBe(false);
      const nobody = await anon.from(table).select('*');
      expect(nobody.data ?? [], table).toEqual([]);
      const all = await service.from(table).select('*');
      expect(all.error, table).toBeNull();
      expect(all.data?.filter((row: { user_id: string }) => row.user_id === a.id).length, table).toBe(
        own.data?.length,
      );
    }
    // Every column of a conflict is readable like the others, base_value (R40) included.
    const conflictColumns = await a.supabase.from('conflicts').select('id, base_value');
    expect(conflictColumns.error).toBeNull();
    expect(conflictColumns.data?.length).toBeGreaterThan(0);
    expect(conflictColumns.data?.every((row) => 'base_value' in row)).toBe(true);
    // The sync plumbing is not readable by clients at all.
    for (const table of ['sync_clock', 'sync_clients']) {
      const read = await a.supabase.from(table).select('*');
      expect(read.data ?? [], table).toEqual([]);
    }
  });

  it('[R5] refuses direct client writes: synced data changes only through sync_push', async () => {
    const before = await pullAll(a);
    const attempts = [
      a.supabase.from('notes').insert({ ...newNote(), user_id: a.id, version: 1 }),
      a.supabase.from('notes').update({ title: 'sneaky' }).eq('id', noteId),
      a.supabase.from('notes').delete().eq('id', noteId),
      a.supabase.from('subscriptions').update({ status: 'active' }).eq('user_id', a.id),
      a.supabase.from('conflicts').update({ resolved_at: new Date().toISOString() }).eq('user_id', a.id),
      a.supabase.from('conflicts').update({ base_value: 'mine' }).eq('user_id', a.id),
      a.supabase.from('trial_usage').delete().eq('user_id', a.id),
      a.supabase.from('sync_clock').update({ version: 0 }).eq('user_id', a.id),
      a.supabase.rpc('sync_compact', { target_user_id: a.id, up_to_version: 1000 }),
    ];
    for (const attempt of attempts) {
      const { error, status } = await attempt;
      expect(error).not.toBeNull();
      expect([401, 403]).toContain(status);
    }
    const after = await pullAll(a);
    expect(after.clock).toBe(before.clock);
    expect(after.rows).toEqual(before.rows);
  });

  it('[R2][R27] stamps a service-role REST write with the next version, gives changed fields a server HLC, and pokes the owner', async () => {
    const user = await signUpUser(backend);
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    closers.push(() => transport.close());
    const pokes: number[] = [];
    transport.onPoke(({ version }) => pokes.push(version));
    await waitFor(() => (pokes.includes(0) ? true : undefined), 'the subscription poke');
    const dev = device(user.id);
    const id = randomUUID();
    const created = await push(user, dev.push([dev.mutation('notes', id, newNote(id))]));
    await waitFor(() => (pokes.includes(created.clock) ? true : undefined), 'the push poke');
    const [stored] = (await pullAll(user)).rows.filter((r) => r.id === id);

    const service = serviceClient(backend);
    const write = await service
      .from('notes')
      .update({ body: 'edited by support' })
      .eq('user_id', user.id)
      .eq('id', id);
    expect(write.error).toBeNull();
    const sub = await service.from('subscriptions').insert({
      user_id: user.id,
      id: user.id,
      status: 'active',
      current_period_end: '2027-01-01T00:00:00.000Z',
      trial_ends_at: null,
    });
    expect(sub.error).toBeNull();

    const { rows, clock } = await pullAll(user, created.clock);
    expect(clock).toBe(created.clock + 2);
    const note = rows.find((r) => r.id === id);
    expect(note?.version).toBe(created.clock + 1);
    expect(note?.data['body']).toBe('edited by support');
    expect(note?.hlc['body']?.endsWith(SERVER_NODE)).toBe(true);
    expect((note?.hlc['body'] ?? '') > (stored?.hlc['body'] ?? '')).toBe(true);
    expect(note?.hlc['title']).toBe(stored?.hlc['title']);
    expect(rows.find((r) => r.table === 'subscriptions')).toEqual({
      table: 'subscriptions',
      id: user.id,
      version: created.clock + 2,
      data: {
        id: user.id,
        status: 'active',
        current_period_end: '2027-01-01T00:00:00.000Z',
        trial_ends_at: null,
      },
      hlc: {},
    });
    await waitFor(() => (pokes.includes(created.clock + 2) ? true : undefined), 'the service-role poke');
  });

  it('[R2] gives a server HLC to every kind of field a write outside sync_push changes, and to no other, after the catalog functions are made again', async () => {
    const user = await signUpUser(backend);
    const dev = device(user.id);
    const id = randomUUID();
    await push(user, dev.push([dev.mutation('notes', id, newNote(id, { tags: ['morning'] }))]));
    const [before] = (await pullAll(user)).rows.filter((r) => r.id === id);
    // What a migration adding a synced field runs: the trigger below is the one it makes again.
    await backend.db.query('select sync_private.generate_catalog_functions()');

    const service = serviceClient(backend);
    const changes = {
      pinned: true,
      font_size: 24,
      tags: ['evening', 'rain'],
      deleted_at: '2026-11-28T10:00:00.000Z',
      // The same value written again is no change: its HLC stays.
      title: before?.data['title'],
    };
    const write = await service.from('notes').update(changes).eq('user_id', user.id).eq('id', id);
    expect(write.error).toBeNull();
    const [after] = (await pullAll(user)).rows.filter((r) => r.id === id);

    for (const field of ['pinned', 'font_size', 'tags', 'deleted_at']) {
      expect(after?.hlc[field]?.endsWith(SERVER_NODE), field).toBe(true);
      expect((after?.hlc[field] ?? '') > (before?.hlc[field] ?? ''), field).toBe(true);
    }
    for (const field of ['title', 'body', 'font', 'color', 'locked', 'created_at'])
      expect(after?.hlc[field], field).toBe(before?.hlc[field]);
    expect(after?.data).toEqual({ ...before?.data, ...changes });

    const other = await signUpUser(backend);
    const moved = await service
      .from('notes')
      .update({ user_id: other.id })
      .eq('user_id', user.id)
      .eq('id', id);
    expect(moved.error?.message).toContain('a synced row cannot change owner');
  });

  it("[R27] sends the poke only to its owner; nobody may join another user's channel", async () => {
    const ownerTransport = createSupabaseSyncTransport(a.supabase, a.id);
    const otherTransport = createSupabaseSyncTransport(b.supabase, b.id);
    closers.push(
      () => ownerTransport.close(),
      () => otherTransport.close(),
    );
    const ownerPokes: number[] = [];
    const otherPokes: number[] = [];
    ownerTransport.onPoke(({ version }) => ownerPokes.push(version));
    otherTransport.onPoke(({ version }) => otherPokes.push(version));
    await waitFor(
      () => (ownerPokes.includes(0) && otherPokes.includes(0) ? true : undefined),
      'both subscriptions',
    );

    const dev = device(a.id);
    const id = randomUUID();
    const pushed = await push(a, dev.push([dev.mutation('notes', id, newNote(id))]));
    await waitFor(() => (ownerPokes.includes(pushed.clock) ? true : undefined), "the owner's poke");
    // The other user's own later poke arrives after the owner's would have: only their own came.
    const devB = device(b.id);
    const bId = randomUUID();
    const pushedB = await push(b, devB.push([devB.mutation('notes', bId, newNote(bId))]));
    await waitFor(() => (otherPokes.includes(pushedB.clock) ? true : undefined), "the other user's poke");
    expect(otherPokes).toEqual([0, pushedB.clock]);

    const spy = b.supabase.channel(`user:${a.id}`, { config: { private: true } });
    const status = await new Promise<string>((resolve) => {
      spy.subscribe((state) => {
        if (state !== 'SUBSCRIBED' && state !== 'CLOSED') resolve(state);
        if (state === 'SUBSCRIBED') resolve(state);
      });
    });
    await b.supabase.removeChannel(spy);
    expect(status).toBe('CHANNEL_ERROR');
  });

  it("[R27a] a poke carries its commit's rows when they are few and small: what sync_pull answers from the clock the commit found", async () => {
    const user = await signUpUser(backend);
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    closers.push(() => transport.close());
    const pokes: SyncPoke[] = [];
    transport.onPoke((poke) => pokes.push(poke));
    await waitFor(() => (pokes.some((p) => p.version === 0) ? true : undefined), 'the subscription poke');
    const pokeAt = (version: number) =>
      waitFor(() => pokes.find((p) => p.version === version), `the poke of version ${version}`);
    const dev = device(user.id);
    const before = (await pullAll(user)).clock;

    const [note, mood] = [randomUUID(), randomUUID()];
    const pushed = await push(
      user,
      dev.push([
        dev.mutation('notes', note, newNote(note)),
        dev.mutation('mood_entries', mood, newMoodEntry(mood)),
        dev.mutation('notes', note, { title: 'Edited in the same push' }, Date.now() + 1_000),
      ]),
    );
    const page = pokePageSchema.parse((await pokeAt(pushed.clock)).page);
    expect(page.from).toBe(before);
    // The note was written twice in the commit: once in the page, at its last version. The rows are in
    // a pull page's wire form (R4): the mood entry, stamped at once, carries its one HLC as a string.
    const rows = page.rows.map((row) => serverRowSchema.parse(row));
    expect(rows).toEqual((await pullAll(user, before)).rows);
    expect(typeof (page.rows as { id: string; hlc: unknown }[]).find((row) => row.id === mood)?.hlc).toBe(
      'string',
    );
    expect(rows.map((row) => row.id).sort()).toEqual([mood, note].sort());
    expect(rows.find((row) => row.id === note)?.data['title']).toBe('Edited in the same push');

    // A write outside sync_push (the service role's) pokes with its rows too.
    const service = serviceClient(backend);
    const edit = await service.from('notes').update({ body: 'edited by support' }).eq('id', note);
    expect(edit.error).toBeNull();
    const served = await pokeAt(pushed.clock + 1);
    const servedPage = pokePageSchema.parse(served.page);
    expect(servedPage.from).toBe(pushed.clock);
    expect(servedPage.rows.map((row) => serverRowSchema.parse(row))).toEqual(
      (await pullAll(user, pushed.clock)).rows,
    );

    // Too large (a long body) or too many rows: the poke is a hint, and devices pull.
    const long = randomUUID();
    const large = await push(
      user,
      dev.push([dev.mutation('notes', long, newNote(long, { body: 'word '.repeat(1_300) }))]),
    );
    expect((await pokeAt(large.clock)).page).toBeUndefined();
    const many = Array.from({ length: 21 }, () => randomUUID());
    const wide = await push(user, dev.push(many.map((id) => dev.mutation('notes', id, newNote(id)))));
    expect((await pokeAt(wide.clock)).page).toBeUndefined();
    const few = Array.from({ length: 3 }, () => randomUUID());
    const small = await push(user, dev.push(few.map((id) => dev.mutation('notes', id, newNote(id)))));
    expect(pokePageSchema.parse((await pokeAt(small.clock)).page).rows).toHaveLength(3);

    // The poke's rows are the journal's: deleting the account deletes them from realtime.messages too.
    const topic = `user:${user.id}`;
    const kept = await backend.db.query('select count(*)::int as n from realtime.messages where topic = $1', [
      topic,
    ]);
    expect(kept.rows[0]?.['n']).toBeGreaterThan(0);
    const deleted = await fetch(`${backend.url}/auth/v1/admin/users/${user.id}`, {
      method: 'DELETE',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(deleted.ok).toBe(true);
    const left = await backend.db.query('select count(*)::int as n from realtime.messages where topic = $1', [
      topic,
    ]);
    expect(left.rows[0]?.['n']).toBe(0);
  });

  it('grants the API roles exactly what the app and the functions use, with no default privileges', async () => {
    const { rows } = await backend.db.query<{ grantee: string; table_name: string; privileges: string }>(
      `select grantee, table_name, string_agg(privilege_type, ',' order by privilege_type) as privileges
         from information_schema.role_table_grants
        where table_schema = 'public' and grantee in ('anon', 'authenticated', 'service_role')
        group by grantee, table_name order by grantee, table_name`,
    );
    const owned = [...OWNED_TABLES].sort();
    // The key envelope is the one table its owner writes directly (ADR 0151); RLS scopes every verb.
    const ALL = 'DELETE,INSERT,SELECT,UPDATE';
    expect(rows).toEqual([
      ...[...owned, 'journal_keys'].sort().map((table) => ({
        grantee: 'authenticated',
        table_name: table,
        privileges: table === 'journal_keys' ? ALL : 'SELECT',
      })),
      ...[...owned, 'journal_keys', 'sync_clock'].sort().map((table) => ({
        grantee: 'service_role',
        table_name: table,
        privileges: table === 'sync_clock' ? 'SELECT,UPDATE' : ALL,
      })),
    ]);
    const functions = await backend.db.query<{ name: string; anon: boolean; authenticated: boolean }>(
      `select p.proname as name, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname like 'sync%' order by p.proname`,
    );
    expect(functions.rows).toEqual([
      { name: 'sync_compact', anon: false, authenticated: false },
      { name: 'sync_pull', anon: false, authenticated: true },
      { name: 'sync_push', anon: false, authenticated: true },
    ]);
  });

  it('[R3][R31] the transport maps HTTP errors to TransportError kinds', async () => {
    const request = device(a.id).pull();
    const expired = await new SignJWT({ sub: a.id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(DEVELOPMENT_JWT_SECRET));
    for (const token of [expired, 'garbage.token.value']) {
      const transport = createSupabaseSyncTransport(clientWithToken(backend, token), a.id);
      const error = await failure(transport.pull(request, { userId: a.id, accessToken: token }));
      expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    }
    // Signed in as b, sending a's outbox: the server refuses it (R31).
    const asB = createSupabaseSyncTransport(b.supabase, a.id);
    const forbidden = await failure(asB.push(device(a.id).push([]), { userId: a.id, accessToken: b.token }));
    expect(forbidden).toMatchObject({ kind: 'forbidden', status: 403 });
    // The transport never sends one user's requests through another user's client.
    const mismatch = await failure(
      createSupabaseSyncTransport(a.supabase, a.id).pull(request, syncSession(b)),
    );
    expect(mismatch).toMatchObject({ kind: 'forbidden', status: null });
    const malformed = await failure(
      createSupabaseSyncTransport(a.supabase, a.id).push({ protocol: 1 }, syncSession(a)),
    );
    expect(malformed).toMatchObject({ kind: 'rejected', status: 400 });
    const closed = `http://127.0.0.1:${await freePort()}`;
    const offline = createSupabaseSyncTransport(client(closed, backend.anonKey), a.id);
    const network = await failure(offline.pull(request, syncSession(a)));
    expect(network).toMatchObject({ kind: 'network', status: null });
  });
});
