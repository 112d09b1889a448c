// @vitest-environment node
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOnTargets, startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';

describeOnTargets('data API conformance with supabase-js', (target) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    backend = await startTestBackend(target);
    anon = client(backend.url, backend.anonKey);
    service = client(backend.url, backend.serviceRoleKey);
    const { error } = await service.from('kv').insert([
      { k: 'alpha', v: 'Apple pie', n: 1, tags: ['fruit', 'sweet'] },
      { k: 'beta', v: 'banana', n: 2, tags: ['fruit'] },
      { k: 'gamma', v: null, n: 3, tags: [] },
      { k: 'delta', v: 'Date', n: 4, tags: ['sweet'] },
    ]);
    if (error) throw new Error(error.message);
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
  });

  const keys = (rows: { k: string }[] | null) => (rows ?? []).map((row) => row.k);

  it('selects columns and filters with every comparison operator', async () => {
    expect((await anon.from('kv').select('k, n').eq('k', 'beta')).data).toEqual([{ k: 'beta', n: 2 }]);
    expect(keys((await anon.from('kv').select('k').neq('k', 'beta').order('k')).data)).toEqual([
      'alpha',
      'delta',
      'gamma',
    ]);
    expect(keys((await anon.from('kv').select('k').gt('n', 2).order('n')).data)).toEqual(['gamma', 'delta']);
    expect(keys((await anon.from('kv').select('k').gte('n', 2).lte('n', 3).order('n')).data)).toEqual([
      'beta',
      'gamma',
    ]);
    expect(keys((await anon.from('kv').select('k').lt('n', 2)).data)).toEqual(['alpha']);
    expect(keys((await anon.from('kv').select('k').like('v', '%pie')).data)).toEqual(['alpha']);
    expect(keys((await anon.from('kv').select('k').ilike('v', 'd%')).data)).toEqual(['delta']);
    expect(keys((await anon.from('kv').select('k').is('v', null)).data)).toEqual(['gamma']);
    expect(
      keys((await anon.from('kv').select('k').in('k', ['alpha', 'delta', 'a,b']).order('k')).data),
    ).toEqual(['alpha', 'delta']);
    expect(keys((await anon.from('kv').select('k').contains('tags', ['sweet']).order('k')).data)).toEqual([
      'alpha',
      'delta',
    ]);
    expect(keys((await anon.from('kv').select('k').containedBy('tags', ['fruit']).order('k')).data)).toEqual([
      'beta',
      'gamma',
    ]);
    expect(keys((await anon.from('kv').select('k').not('v', 'is', null).order('k')).data)).toEqual([
      'alpha',
      'beta',
      'delta',
    ]);
    expect(
      keys((await anon.from('kv').select('k').or('n.eq.1,and(n.gt.3,v.ilike.d*)').order('k')).data),
    ).toEqual(['alpha', 'delta']);
    const aliased = await anon.from('kv').select('key:k, n::text').eq('k', 'alpha').single();
    expect(aliased.data).toEqual({ key: 'alpha', n: '1' });
  });

  it('orders, pages with limit/offset and range, and counts', async () => {
    expect(keys((await anon.from('kv').select('k').order('n', { ascending: false }).limit(2)).data)).toEqual([
      'delta',
      'gamma',
    ]);
    const page = await anon.from('kv').select('k', { count: 'exact' }).order('n').range(1, 2);
    expect(keys(page.data)).toEqual(['beta', 'gamma']);
    expect(page.count).toBe(4);
    expect(page.status).toBe(206);
    const head = await anon.from('kv').select('*', { count: 'exact', head: true }).gt('n', 1);
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
    const nullsFirst = await anon
      .from('kv')
      .select('k')
      .order('v', { ascending: true, nullsFirst: true })
      .limit(1);
    expect(keys(nullsFirst.data)).toEqual(['gamma']);
  });

  it('reads double-quoted field names in filters and logic trees, as PostgREST does', async () => {
    // A checkpoint pager's filter: rows after (n, k) = (2, 'beta') in (n, k) order.
    const after = await anon
      .from('kv')
      .select('k')
      .or('"n".gt.2,and("n".eq.2,"k".gt.beta)')
      .order('n')
      .order('k');
    expect(after.error).toBeNull();
    expect(keys(after.data)).toEqual(['gamma', 'delta']);
    expect(keys((await anon.from('kv').select('k').eq('"k"', 'alpha')).data)).toEqual(['alpha']);
    const unknown = await anon.from('kv').select('k').or('"nope".gt.1');
    expect(unknown.error).toMatchObject({ code: '42703' });
    expect(unknown.status).toBe(400);
    const unterminated = await anon.from('kv').select('k').or('"n.gt.1');
    expect(unterminated.status).toBe(400);
  });

  it('returns timestamptz with microseconds that filter back to the same row exactly', async () => {
    const stamp = '2026-01-02T03:04:05.123456+00:00';
    const signedIn = client(backend.url, backend.anonKey);
    const { error } = await signedIn.auth.signUp({ email: uniqueEmail('stamp'), password: 'secret123' });
    expect(error).toBeNull();
    const written = await signedIn.from('todos').insert({ title: 'stamped', updated_at: stamp }).select();
    expect(written.error).toBeNull();
    const [row] = (written.data ?? []) as { id: number; updated_at: string }[];
    expect(row?.updated_at).toBe(stamp);
    const read = await signedIn.from('todos').select('id, updated_at').eq('updated_at', stamp);
    expect(read.data).toEqual([{ id: row?.id, updated_at: stamp }]);
    const later = await signedIn
      .from('todos')
      .select('id')
      .gt('updated_at', row?.updated_at ?? '');
    expect(later.data).toEqual([]);
    expect(
      (
        await signedIn
          .from('todos')
          .delete()
          .eq('id', row?.id ?? 0)
      ).error,
    ).toBeNull();
  });

  it('applies single and maybeSingle semantics with PGRST116', async () => {
    expect((await anon.from('kv').select('k').eq('k', 'alpha').single()).data).toEqual({ k: 'alpha' });
    const none = await anon.from('kv').select('k').eq('k', 'nope').single();
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    expect(none.status).toBe(406);
    expect(await anon.from('kv').select('k').eq('k', 'nope').maybeSingle()).toMatchObject({
      data: null,
      error: null,
    });
    const many = await anon.from('kv').select('k').maybeSingle();
    expect(many.error).toMatchObject({ code: 'PGRST116' });
  });

  it('inserts, upserts with merge and ignore, honours missing=default, updates and deletes', async () => {
    const inserted = await anon.from('kv').insert({ k: 'i1', v: 'one' });
    expect(inserted).toMatchObject({ error: null, data: null, status: 201 });
    const withSelect = await anon.from('kv').insert({ k: 'i2' }).select().single();
    expect(withSelect.data).toEqual({ k: 'i2', v: null, n: 7, tags: [] });

    const merged = await anon
      .from('kv')
      .upsert(
        [
          { k: 'i1', v: 'uno' },
          { k: 'i3', v: 'three', n: 30 },
        ],
        { onConflict: 'k' },
      )
      .select('k, v, n')
      .order('k');
    expect(merged.error).toBeNull();
    // Columns absent from a row are set to null under the default missing=null.
    expect(merged.data).toEqual([
      { k: 'i1', v: 'uno', n: null },
      { k: 'i3', v: 'three', n: 30 },
    ]);
    const ignored = await anon
      .from('kv')
      .upsert({ k: 'i1', v: 'ignored' }, { onConflict: 'k', ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    expect((await anon.from('kv').select('v').eq('k', 'i1').single()).data).toEqual({ v: 'uno' });
    const defaulted = await anon
      .from('kv')
      .upsert({ k: 'i4', v: 'four' }, { defaultToNull: false })
      .select('n')
      .single();
    expect(defaulted.data).toEqual({ n: 7 });

    const updated = await anon.from('kv').update({ v: 'ONE', n: 1 }).eq('k', 'i1').select().single();
    expect(updated.data).toMatchObject({ k: 'i1', v: 'ONE', n: 1 });
    const minimal = await anon.from('kv').update({ n: 5 }).in('k', ['i3', 'i4']);
    expect(minimal).toMatchObject({ error: null, status: 204 });
    const notSingle = await anon.from('kv').update({ n: 6 }).in('k', ['i3', 'i4']).select().single();
    expect(notSingle.error).toMatchObject({ code: 'PGRST116' });
    // The failed single() rolled its update back.
    expect((await anon.from('kv').select('n').eq('k', 'i3').single()).data).toEqual({ n: 5 });

    const deleted = await anon.from('kv').delete().like('k', 'i%').select('k').order('k');
    expect(keys(deleted.data)).toEqual(['i1', 'i2', 'i3', 'i4']);
    expect((await anon.from('kv').delete().eq('k', 'i1')).status).toBe(204);
  });

  it('calls functions by POST and GET, including void, set-returning and failing ones', async () => {
    expect((await anon.rpc('add', { a: 1, b: 2 })).data).toBe(3);
    expect((await anon.rpc('add', { a: 5, b: 6 }, { get: true })).data).toBe(11);
    expect(await anon.rpc('bump', { key: 'alpha' })).toMatchObject({ data: null, error: null, status: 204 });
    expect((await anon.from('kv').select('n').eq('k', 'alpha').single()).data).toEqual({ n: 2 });
    const readOnly = await anon.rpc('bump', { key: 'alpha' }, { get: true });
    expect(readOnly.error).toMatchObject({ code: '25006' });
    expect(readOnly.status).toBe(405);
    const failed = await anon.rpc('fail');
    expect(failed.error).toMatchObject({ code: 'P0001', message: 'nope', hint: 'try again' });
    expect(failed.status).toBe(400);
    const missing = await anon.rpc('no_such_function');
    expect(missing.error).toMatchObject({ code: 'PGRST202' });
    expect(missing.status).toBe(404);
    const wrongArgs = await anon.rpc('add', { x: 1 });
    expect(wrongArgs.error).toMatchObject({ code: 'PGRST202' });
    expect((await anon.rpc('whoami')).data).toEqual({ uid: null, role: 'anon' });
    expect((await anon.rpc('todos_by_done', { is_done: false })).data).toEqual([]);
  });

  it('maps database errors to PostgREST codes and statuses', async () => {
    const duplicate = await anon.from('kv').insert({ k: 'alpha' });
    expect(duplicate.error).toMatchObject({ code: '23505' });
    expect(duplicate.status).toBe(409);
    const notNull = await service
      .from('todos')
      .insert({ title: null, user_id: '00000000-0000-0000-0000-000000000000' });
    expect(notNull.error?.code).toMatch(/^23(502|503)$/);
    const unknownTable = await anon.from('nope').select();
    expect(unknownTable.error).toMatchObject({ code: 'PGRST205' });
    expect(unknownTable.status).toBe(404);
    const unknownColumn = await anon.from('kv').insert({ k: 'x', nope: 1 });
    expect(unknownColumn.error).toMatchObject({ code: 'PGRST204' });
    expect(unknownColumn.status).toBe(400);
    const badFilterColumn = await anon.from('kv').select().eq('nope', 1);
    expect(badFilterColumn.error).toMatchObject({ code: '42703' });
    const badValue = await anon.from('kv').select().eq('n', 'not-a-number');
    expect(badValue.error).toMatchObject({ code: '22P02' });
    expect(badValue.status).toBe(400);
  });

  it("runs each request under its role's statement timeout: anon 3 s, authenticated 8 s", async () => {
    expect((await anon.rpc('my_statement_timeout')).data).toBe('3s');
    const signedIn = client(backend.url, backend.anonKey);
    const { error } = await signedIn.auth.signUp({ email: uniqueEmail('timeout'), password: 'secret123' });
    expect(error).toBeNull();
    expect((await signedIn.rpc('my_statement_timeout')).data).toBe('8s');
  });

  // PGlite runs queries on the server's own thread and cannot interrupt one: it has the settings, not
  // the cancellation.
  it.skipIf(target === 'pglite')(
    "stops a statement that runs past its role's timeout, as Supabase does (anon 3 s)",
    async () => {
      const slow = await anon.rpc('nap', { seconds: 5 });
      expect(slow.error).toMatchObject({ code: '57014' });
      expect(slow.status).toBe(500);
      // The service role has no such limit.
      expect((await service.rpc('nap', { seconds: 3.2 })).error).toBeNull();
    },
    20_000,
  );

  it('isolates two users by RLS: reads, updates, deletes, inserts and functions', async () => {
    const sign = async (name: string) => {
      const supabase = client(backend.url, backend.anonKey);
      const { data, error } = await supabase.auth.signUp({
        email: `${name}-${target}-${Date.now()}@example.test`,
        password: 'secret123',
      });
      if (error || !data.user) throw new Error(error?.message ?? 'no user');
      return { supabase, id: data.user.id };
    };
    const alice = await sign('alice');
    const bob = await sign('bob');
    const created = await alice.supabase
      .from('todos')
      .insert([
        { title: 'a1', done: false },
        { title: 'a2', done: true },
      ])
      .select('id, title, user_id');
    expect(created.error).toBeNull();
    expect(created.data?.every((row) => row.user_id === alice.id)).toBe(true);
    const aliceIds = (created.data ?? []).map((row) => row.id as number);
    expect((await bob.supabase.from('todos').insert({ title: 'b1' })).error).toBeNull();

    expect((await alice.supabase.from('todos').select('title').order('id')).data).toEqual([
      { title: 'a1' },
      { title: 'a2' },
    ]);
    expect((await bob.supabase.from('todos').select('title')).data).toEqual([{ title: 'b1' }]);
    expect((await anon.from('todos').select()).data).toEqual([]);
    expect((await service.from('todos').select('id', { count: 'exact', head: true })).count).toBe(3);

    const stolenUpdate = await bob.supabase
      .from('todos')
      .update({ title: 'hacked' })
      .in('id', aliceIds)
      .select();
    expect(stolenUpdate.data).toEqual([]);
    const stolenDelete = await bob.supabase.from('todos').delete().in('id', aliceIds).select();
    expect(stolenDelete.data).toEqual([]);
    const forged = await bob.supabase.from('todos').insert({ title: 'forged', user_id: alice.id });
    expect(forged.error).toMatchObject({ code: '42501' });
    expect(forged.status).toBe(403);
    const anonInsert = await anon.from('todos').insert({ title: 'anon', user_id: alice.id });
    expect(anonInsert.status).toBe(401);

    expect((await alice.supabase.rpc('my_todo_count')).data).toBe(2);
    expect((await bob.supabase.rpc('my_todo_count')).data).toBe(1);
    expect((await alice.supabase.rpc('whoami')).data).toEqual({ uid: alice.id, role: 'authenticated' });
    expect((await alice.supabase.rpc('todos_by_done', { is_done: true })).data).toMatchObject([
      { title: 'a2' },
    ]);
    expect(
      (
        await alice.supabase
          .from('todos')
          .select('title')
          .eq('id', aliceIds[0] ?? 0)
          .single()
      ).data,
    ).toEqual({ title: 'a1' });
  });
});
