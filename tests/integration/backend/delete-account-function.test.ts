// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBackend, type TargetName, type TestBackend } from './support/backend-targets.ts';
import { client, decodeJwt, latestMail, uniqueEmail } from './support/clients.ts';

/** A user table shaped like the app's: its rows belong to an auth user and go with them. */
const JOURNAL = `
create table public.journal (id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade, body text not null);
alter table public.journal enable row level security;
create policy own on public.journal for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
grant select, insert on public.journal to authenticated;
grant select on public.journal to service_role;
`;

/** Longer ago than the function's window for a recent sign-in. */
const LONG_AGO_SECONDS = 11 * 60;

function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** The `amr` claim of an access token, as `method: timestamp`. */
function signInTimes(accessToken: string): Record<string, number> {
  const amr = decodeJwt(accessToken)['amr'] as { method: string; timestamp: number }[];
  return Object.fromEntries(amr.map((entry) => [entry.method, entry.timestamp]));
}

/** How many seconds ago `timestamp` (seconds) was. */
function ago(timestamp: number | undefined): number {
  return Math.floor(Date.now() / 1000) - (timestamp ?? 0);
}

/** The function's answer, refusals included. */
async function answer(result: {
  data: unknown;
  error: unknown;
  response?: Response;
}): Promise<{ status?: number; body: unknown }> {
  if (!result.error) return { status: result.response?.status, body: result.data };
  return { status: result.response?.status, body: await result.response?.json() };
}

const REAUTHENTICATE = {
  status: 403,
  body: { code: 'reauthentication_needed', error: 'Sign in again to delete your account.' },
};

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

    /** Moves every sign-in of the session back in time, as if it had been left open since. */
    async function signedInLongAgo(supabase: SupabaseClient): Promise<string> {
      const { data } = await supabase.auth.getSession();
      const sessionId = String(decodeJwt(data.session?.access_token ?? '')['session_id']);
      if (!backend.db) throw new Error('only the local backend lets a test move sign-ins back in time');
      await backend.db.query(
        `update auth.mfa_amr_claims set created_at = created_at - make_interval(secs => $2),
                updated_at = updated_at - make_interval(secs => $2) where session_id = $1::uuid`,
        [sessionId, LONG_AGO_SECONDS],
      );
      // A refreshed access token carries the session's sign-ins as they are now.
      const { data: refreshed, error } = await supabase.auth.refreshSession();
      expect(error).toBeNull();
      return refreshed.session?.access_token ?? '';
    }

    async function journalOwners(): Promise<string[]> {
      const { data } = await client(backend.url, backend.serviceRoleKey).from('journal').select('user_id');
      return (data ?? []).map((row: { user_id: string }) => row.user_id);
    }

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

    it('asks a session signed in long ago to sign in again, and keeps the account until then', async () => {
      const lingering = await signedUp('lingering');
      const stale = await signedInLongAgo(lingering.supabase);
      expect(ago(signInTimes(stale)['password'])).toBeGreaterThanOrEqual(LONG_AGO_SECONDS);

      const refused = await lingering.supabase.functions.invoke('delete-account', { method: 'POST' });
      expect(await answer(refused)).toEqual(REAUTHENTICATE);
      expect((await lingering.supabase.auth.getUser()).data.user?.id).toBe(lingering.userId);
      expect(await journalOwners()).toContain(lingering.userId);

      const again = client(backend.url, backend.anonKey);
      const signedIn = await again.auth.signInWithPassword({
        email: lingering.email,
        password: 'Tulips&tea42',
      });
      expect(signedIn.error).toBeNull();
      expect(ago(signInTimes(signedIn.data.session?.access_token ?? '')['password'])).toBeLessThan(60);
      const deleted = await again.functions.invoke('delete-account', { method: 'POST' });
      expect(await answer(deleted)).toEqual({ status: 200, body: { deleted: true } });
      expect(await journalOwners()).not.toContain(lingering.userId);
    });

    it('counts a sign-in with an emailed code or link as recent', async () => {
      const byCode = await signedUp('by-code');
      await signedInLongAgo(byCode.supabase);
      const codeClient = client(backend.url, backend.anonKey);
      const sent = await codeClient.auth.signInWithOtp({
        email: byCode.email,
        options: { shouldCreateUser: false },
      });
      expect(sent.error).toBeNull();
      const mail = await latestMail(backend.url, byCode.email);
      const verified = await codeClient.auth.verifyOtp({
        email: byCode.email,
        token: mail.code ?? '',
        type: 'email',
      });
      expect(verified.error).toBeNull();
      expect(ago(signInTimes(verified.data.session?.access_token ?? '')['otp'])).toBeLessThan(60);
      const deleted = await codeClient.functions.invoke('delete-account', { method: 'POST' });
      expect(await answer(deleted)).toEqual({ status: 200, body: { deleted: true } });

      const byLink = await signedUp('by-link');
      await signedInLongAgo(byLink.supabase);
      expect(
        (await client(backend.url, backend.anonKey).auth.signInWithOtp({ email: byLink.email })).error,
      ).toBeNull();
      const link = (await latestMail(backend.url, byLink.email)).action_link ?? '';
      const landed = await fetch(link, { redirect: 'manual' });
      const token = new URLSearchParams(new URL(landed.headers.get('location') ?? '').hash.slice(1)).get(
        'access_token',
      );
      expect(ago(signInTimes(token ?? '')['otp'])).toBeLessThan(60);
      const viaLink = await fetch(`${backend.url}/functions/v1/delete-account`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, apikey: backend.anonKey },
      });
      expect(viaLink.status).toBe(200);
      expect(await journalOwners()).not.toContain(byCode.userId);
      expect(await journalOwners()).not.toContain(byLink.userId);
    });

    it('takes a second step as no new sign-in: a user with a factor signs in again and enters a code', async () => {
      const guarded = await signedUp('guarded');
      const enrolled = await guarded.supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
      const factorId = enrolled.data?.id ?? '';
      const secret = enrolled.data?.totp.secret ?? '';
      const first = await guarded.supabase.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
      expect(first.error).toBeNull();

      await signedInLongAgo(guarded.supabase);
      const stale = await guarded.supabase.functions.invoke('delete-account', { method: 'POST' });
      expect(await answer(stale)).toEqual(REAUTHENTICATE);
      // A fresh code raises nothing here: it proves the authenticator, not who signed the session in.
      const stepped = await guarded.supabase.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
      expect(stepped.error).toBeNull();
      const times = signInTimes(stepped.data?.access_token ?? '');
      expect(ago(times['totp'])).toBeLessThan(60);
      expect(ago(times['password'])).toBeGreaterThanOrEqual(LONG_AGO_SECONDS);
      const stillStale = await guarded.supabase.functions.invoke('delete-account', { method: 'POST' });
      expect(await answer(stillStale)).toEqual(REAUTHENTICATE);

      const again = client(backend.url, backend.anonKey);
      expect(
        (await again.auth.signInWithPassword({ email: guarded.email, password: 'Tulips&tea42' })).error,
      ).toBeNull();
      const halfway = await again.functions.invoke('delete-account', { method: 'POST' });
      expect(await answer(halfway)).toMatchObject({ status: 403, body: { code: 'aal2_required' } });
      expect(await journalOwners()).toContain(guarded.userId);
      expect((await again.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })).error).toBeNull();
      const deleted = await again.functions.invoke('delete-account', { method: 'POST' });
      expect(await answer(deleted)).toEqual({ status: 200, body: { deleted: true } });
      expect(await journalOwners()).not.toContain(guarded.userId);
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
