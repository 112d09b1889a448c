// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBackend, type TargetName, type TestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';

/** A user table shaped like the app's: its rows belong to an auth user and go with them. */
const JOURNAL = `
create table public.journal (id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade, body text not null);
alter table public.journal enable row level security;
create policy own on public.journal for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
grant select, insert on public.journal to authenticated;
grant select on public.journal to service_role;
`;

// A process loads each Edge Function module once (functions.test.ts), so one database target runs here;
// the deletion itself is a cascade Postgres and PGlite both perform.
for (const target of ['pglite'] as TargetName[]) {
  describe(`the delete-account Edge Function (${target})`, () => {
    let backend: TestBackend;
    let migrationsDir: string;

    beforeAll(async () => {
      migrationsDir = mkdtempSync(join(tmpdir(), 'murmur-delete-account-'));
      mkdirSync(migrationsDir, { recursive: true });
      writeFileSync(join(migrationsDir, '20260101000000_journal.sql'), JOURNAL);
      backend = await startTestBackend(target, {
        migrationsDir,
        functionsDir: resolve('supabase/functions'),
      });
    }, 120_000);

    afterAll(async () => {
      await backend?.stop();
      rmSync(migrationsDir, { recursive: true, force: true });
    });

    async function signedUp(label: string) {
      const supabase = client(backend.url, backend.anonKey);
      const email = uniqueEmail(label);
      const { data, error } = await supabase.auth.signUp({ email, password: 'Tulips&tea42' });
      expect(error).toBeNull();
      const userId = data.user?.id ?? '';
      expect(
        (await supabase.from('journal').insert({ user_id: userId, body: `${label}'s day` })).error,
      ).toBeNull();
      return { supabase, email, userId };
    }

    it('deletes the caller and their rows, and nobody else', async () => {
      const leaving = await signedUp('leaving');
      const staying = await signedUp('staying');

      const { data, error } = await leaving.supabase.functions.invoke('delete-account', { method: 'POST' });
      expect(error).toBeNull();
      expect(data).toEqual({ deleted: true });

      const admin = client(backend.url, backend.serviceRoleKey);
      const { data: rows } = await admin.from('journal').select('user_id');
      expect(rows?.map((row) => row.user_id)).toEqual([staying.userId]);
      const again = await client(backend.url, backend.anonKey).auth.signInWithPassword({
        email: leaving.email,
        password: 'Tulips&tea42',
      });
      expect(again.error?.code).toBe('invalid_credentials');
      expect((await staying.supabase.auth.getUser()).data.user?.id).toBe(staying.userId);
    });

    it('refuses callers that are not signed in, and other methods', async () => {
      const anonymous = await fetch(`${backend.url}/functions/v1/delete-account`, {
        method: 'POST',
        headers: { authorization: `Bearer ${backend.anonKey}`, apikey: backend.anonKey },
      });
      expect(anonymous.status).toBe(401);
      const fromBrowser = await fetch(`${backend.url}/functions/v1/delete-account`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${backend.anonKey}`,
          apikey: backend.anonKey,
          origin: 'http://127.0.0.1:5173',
        },
      });
      // One CORS origin, the function's own: browsers refuse a response with two.
      expect(fromBrowser.headers.get('access-control-allow-origin')).toBe('*');
      const get = await fetch(`${backend.url}/functions/v1/delete-account`, {
        headers: { authorization: `Bearer ${backend.anonKey}`, apikey: backend.anonKey },
      });
      expect(get.status).toBe(405);
    });

    it('keeps the admin call for the service role', async () => {
      const { userId, supabase } = await signedUp('probing');
      const { data } = await supabase.auth.getSession();
      const asUser = await fetch(`${backend.url}/auth/v1/admin/users/${userId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${data.session?.access_token}`, apikey: backend.anonKey },
      });
      expect(asUser.status).toBe(403);
      expect((await supabase.auth.getUser()).data.user?.id).toBe(userId);
    });
  });
}
