// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';

import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOnTargets, startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, decodeJwt, latestMail, uniqueEmail } from './support/clients.ts';

describeOnTargets('auth conformance with supabase-js', (target, { localIt }) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend(target);
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
  });

  it('signs up with autoconfirm, returning a session whose JWT carries the GoTrue claims', async () => {
    const supabase = client(backend.url, backend.anonKey);
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    const email = uniqueEmail();
    const { data, error } = await supabase.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toMatchObject({ name: 'Ada', email_verified: true });
    expect(events).toContain('SIGNED_IN');
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(claims).toMatchObject({
      sub: data.user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      is_anonymous: false,
      iss: `${backend.url}/auth/v1`,
    });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(3600);
    expect(claims['amr']).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(typeof claims['session_id']).toBe('string');

    const again = await supabase.auth.signUp({ email, password: 'secret123' });
    expect(again.error).toMatchObject({ name: 'AuthApiError', code: 'user_already_exists', status: 422 });
  });

  it('rejects weak passwords and bad emails with GoTrue codes', async () => {
    const supabase = client(backend.url, backend.anonKey);
    const weak = await supabase.auth.signUp({ email: uniqueEmail(), password: '123' });
    expect(weak.error).toMatchObject({
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
      status: 422,
      reasons: ['length'],
    });
    const badEmail = await supabase.auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(badEmail.error).toMatchObject({ code: 'validation_failed', status: 400 });
  });

  it('signs in with a password, gets and updates the user', async () => {
    const email = uniqueEmail();
    await client(backend.url, backend.anonKey).auth.signUp({ email, password: 'secret123' });
    const supabase = client(backend.url, backend.anonKey);
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error).toMatchObject({
      name: 'AuthApiError',
      code: 'invalid_credentials',
      status: 400,
      message: 'Invalid login credentials',
    });
    const { data, error } = await supabase.auth.signInWithPassword({
      email: email.toUpperCase(),
      password: 'secret123',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);

    const fetched = await supabase.auth.getUser();
    expect(fetched.data.user?.id).toBe(data.user?.id);

    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    const updated = await supabase.auth.updateUser({ data: { theme: 'dark', plan: 'trial' } });
    expect(updated.data.user?.user_metadata).toMatchObject({ theme: 'dark', plan: 'trial' });
    const removed = await supabase.auth.updateUser({ data: { plan: null } });
    expect(removed.data.user?.user_metadata).not.toHaveProperty('plan');
    expect(removed.data.user?.user_metadata).toMatchObject({ theme: 'dark' });
    expect(events).toContain('USER_UPDATED');
  });

  localIt('1 s refresh-token reuse interval')(
    'rotates refresh tokens and ends the session when a used token is replayed after the reuse interval',
    async () => {
      const supabase = client(backend.url, backend.anonKey);
      const email = uniqueEmail();
      const { data } = await supabase.auth.signUp({ email, password: 'secret123' });
      const first = data.session?.refresh_token ?? '';
      const refreshed = await supabase.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      const second = refreshed.data.session?.refresh_token ?? '';
      expect(second).not.toBe(first);
      expect(decodeJwt(refreshed.data.session?.access_token ?? '')['session_id']).toBe(
        decodeJwt(data.session?.access_token ?? '')['session_id'],
      );

      // Within the reuse interval (1 s here) a concurrent client replaying the old token gets the current one.
      const replay = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: first }),
      });
      expect(replay.status).toBe(200);
      expect(((await replay.json()) as { refresh_token: string }).refresh_token).toBe(second);

      await new Promise((resolve) => setTimeout(resolve, 1200));
      const stolen = await client(backend.url, backend.anonKey).auth.refreshSession({ refresh_token: first });
      expect(stolen.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
      // Reuse ends the whole session: its access token no longer passes /user.
      const after = await fetch(`${backend.url}/auth/v1/user`, {
        headers: { apikey: backend.anonKey, authorization: `Bearer ${refreshed.data.session?.access_token}` },
      });
      expect(after.status).toBe(403);
      expect(await after.json()).toMatchObject({ code: 'session_not_found' });

      const unknown = await client(backend.url, backend.anonKey).auth.refreshSession({
        refresh_token: 'no-such-token',
      });
      expect(unknown.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    },
  );

  it('signs out with local, others and global scopes', async () => {
    const email = uniqueEmail();
    await client(backend.url, backend.anonKey).auth.signUp({ email, password: 'secret123' });
    const sessions = await Promise.all(
      [1, 2, 3].map(async () => {
        const supabase = client(backend.url, backend.anonKey);
        const { data } = await supabase.auth.signInWithPassword({ email, password: 'secret123' });
        return { supabase, token: data.session?.access_token ?? '' };
      }),
    );
    const userStatus = async (token: string) =>
      (
        await fetch(`${backend.url}/auth/v1/user`, {
          headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
        })
      ).status;
    const [a, b, c] = sessions;
    if (!a || !b || !c) throw new Error('sessions missing');

    expect((await a.supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await userStatus(a.token)).toBe(403);
    expect(await userStatus(b.token)).toBe(200);

    expect((await b.supabase.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await userStatus(b.token)).toBe(200);
    expect(await userStatus(c.token)).toBe(403);

    expect((await b.supabase.auth.signOut()).error).toBeNull();
    expect(await userStatus(b.token)).toBe(403);
    expect((await b.supabase.auth.getSession()).data.session).toBeNull();
  });

  localIt('mailbox')('recovers a password through the mailbox link hash and verifyOtp', async () => {
    const email = uniqueEmail();
    await client(backend.url, backend.anonKey).auth.signUp({ email, password: 'secret123' });
    const supabase = client(backend.url, backend.anonKey);
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    expect(
      (await supabase.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4173/reset' })).error,
    ).toBeNull();
    const mail = await latestMail(backend.url, email);
    expect(mail).toMatchObject({ type: 'recovery', subject: 'Reset Your Password' });
    expect(mail.action_link).toContain('redirect_to=http%3A%2F%2Flocalhost%3A4173%2Freset');

    const verified = await supabase.auth.verifyOtp({ token_hash: mail.token_hash ?? '', type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(decodeJwt(verified.data.session?.access_token ?? '')['amr']).toEqual([
      { method: 'otp', timestamp: expect.any(Number) },
    ]);
    expect((await supabase.auth.updateUser({ password: 'secret123' })).error).toMatchObject({
      code: 'same_password',
      status: 422,
    });
    expect((await supabase.auth.updateUser({ password: 'new-secret-456' })).error).toBeNull();
    const signIn = await client(backend.url, backend.anonKey).auth.signInWithPassword({
      email,
      password: 'new-secret-456',
    });
    expect(signIn.error).toBeNull();

    const reused = await supabase.auth.verifyOtp({ token_hash: mail.token_hash ?? '', type: 'recovery' });
    expect(reused.error).toMatchObject({ code: 'otp_expired', status: 403 });
    // Unknown addresses get the same empty success, so accounts cannot be discovered.
    expect((await supabase.auth.resetPasswordForEmail(uniqueEmail('nobody'))).error).toBeNull();
  });

  localIt('mailbox')(
    'signs in with an emailed one-time code, and refuses unknown users when create_user is false',
    async () => {
      const email = uniqueEmail();
      const supabase = client(backend.url, backend.anonKey);
      expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
      const mail = await latestMail(backend.url, email);
      expect(mail.code).toMatch(/^\d{6}$/);
      const wrong = await supabase.auth.verifyOtp({
        email,
        token: mail.code === '000000' ? '111111' : '000000',
        type: 'email',
      });
      expect(wrong.error).toMatchObject({ code: 'otp_expired', status: 403 });
      const { data, error } = await supabase.auth.verifyOtp({ email, token: mail.code ?? '', type: 'email' });
      expect(error).toBeNull();
      expect(data.user?.email_confirmed_at).toBeTruthy();

      // A confirmed user now gets a magic link.
      expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
      expect((await latestMail(backend.url, email)).type).toBe('magiclink');

      const refused = await supabase.auth.signInWithOtp({
        email: uniqueEmail('stranger'),
        options: { shouldCreateUser: false },
      });
      expect(refused.error).toMatchObject({ code: 'otp_disabled', status: 422 });
    },
  );

  localIt('mailbox')(
    'completes a PKCE magic-link flow: the GET link redirects with ?code= and the client exchanges it',
    async () => {
      const email = uniqueEmail();
      const supabase = client(backend.url, backend.anonKey, { flowType: 'pkce' });
      expect(
        (
          await supabase.auth.signInWithOtp({
            email,
            options: { emailRedirectTo: 'http://127.0.0.1:4173/auth/callback' },
          })
        ).error,
      ).toBeNull();
      const mail = await latestMail(backend.url, email);
      const redirect = await fetch(mail.action_link ?? '', { redirect: 'manual' });
      expect(redirect.status).toBe(303);
      const location = new URL(redirect.headers.get('location') ?? '');
      expect(location.origin + location.pathname).toBe('http://127.0.0.1:4173/auth/callback');
      const code = location.searchParams.get('code') ?? '';
      const { data, error } = await supabase.auth.exchangeCodeForSession(code);
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      const again = await supabase.auth.exchangeCodeForSession(code);
      expect(again.error).toBeTruthy();
    },
  );

  localIt('mailbox')('rejects a PKCE exchange with the wrong verifier', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const email = uniqueEmail();
    const headers = { apikey: backend.anonKey, 'content-type': 'application/json' };
    await fetch(`${backend.url}/auth/v1/otp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, code_challenge: challenge, code_challenge_method: 's256' }),
    });
    const mail = await latestMail(backend.url, email);
    const code = new URL(
      (await fetch(mail.action_link ?? '', { redirect: 'manual' })).headers.get('location') ?? '',
    ).searchParams.get('code');
    const bad = await fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ auth_code: code, code_verifier: `${verifier}x` }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'bad_code_verifier' });
    const good = await fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    expect(good.status).toBe(200);
  });

  localIt('redirect allow list')(
    'redirects a bad email link back to the app with error parameters',
    async () => {
      const response = await fetch(
        `${backend.url}/auth/v1/verify?token=bogus&type=signup&redirect_to=${encodeURIComponent('http://localhost:4173/welcome')}`,
        { redirect: 'manual' },
      );
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('error_code')).toBe('otp_expired');
      // An address that is not local or allowed falls back to the site URL.
      const open = await fetch(
        `${backend.url}/auth/v1/verify?token=bogus&type=signup&redirect_to=${encodeURIComponent('https://evil.example/x')}`,
        { redirect: 'manual' },
      );
      expect(open.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4173\//);
    },
  );

  localIt('mailbox')('changes email through a confirmation sent to the new address', async () => {
    const email = uniqueEmail();
    const supabase = client(backend.url, backend.anonKey);
    await supabase.auth.signUp({ email, password: 'secret123' });
    const newEmail = uniqueEmail('changed');
    const pending = await supabase.auth.updateUser({ email: newEmail });
    expect(pending.data.user).toMatchObject({ email, new_email: newEmail });
    const mail = await latestMail(backend.url, newEmail);
    expect(mail.type).toBe('email_change');
    const { data, error } = await supabase.auth.verifyOtp({
      email: newEmail,
      token: mail.code ?? '',
      type: 'email_change',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
  });

  localIt('mailbox')('reauthenticates with an emailed nonce for a password change', async () => {
    const email = uniqueEmail();
    const supabase = client(backend.url, backend.anonKey);
    await supabase.auth.signUp({ email, password: 'secret123' });
    expect((await supabase.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(backend.url, email);
    expect(mail.type).toBe('reauthentication');
    expect(
      (
        await supabase.auth.updateUser({
          password: 'another-789',
          nonce: '000000' === mail.code ? '111111' : '000000',
        })
      ).error,
    ).toMatchObject({
      code: 'reauthentication_not_valid',
    });
    expect(
      (await supabase.auth.updateUser({ password: 'another-789', nonce: mail.code ?? '' })).error,
    ).toBeNull();
  });

  localIt('HS256-only JWKS')('serves settings, health and an empty JWKS for HS256', async () => {
    const settings = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } });
    expect(await settings.json()).toMatchObject({
      external: { email: true },
      mailer_autoconfirm: true,
      disable_signup: false,
    });
    const jwks = await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`);
    expect(await jwks.json()).toEqual({ keys: [] });
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    const { data, error } = await client(backend.url, backend.anonKey).auth.getClaims();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  localIt('development identity provider')(
    'signs in through the development identity provider with PKCE, links and unlinks identities',
    async () => {
      const email = uniqueEmail('oauth');
      const supabase = client(backend.url, backend.anonKey, { flowType: 'pkce' });
      const started = await supabase.auth.signInWithOAuth({
        provider: 'github',
        options: { redirectTo: 'http://127.0.0.1:4173/auth/callback', skipBrowserRedirect: true },
      });
      expect(started.error).toBeNull();
      const toIdp = await fetch(started.data.url ?? '', { redirect: 'manual' });
      expect(toIdp.status).toBe(302);
      const page = await fetch(toIdp.headers.get('location') ?? '');
      const html = await page.text();
      expect(html).toContain('Development identity provider');
      const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const back = await fetch(
        `${backend.url}/auth/v1/callback?state=${encodeURIComponent(state)}&email=${encodeURIComponent(email)}`,
        { redirect: 'manual' },
      );
      expect(back.status).toBe(303);
      const code = new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const { data, error } = await supabase.auth.exchangeCodeForSession(code);
      expect(error).toBeNull();
      expect(data.user?.app_metadata).toMatchObject({ provider: 'github', providers: ['github'] });
      expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['github']);
      expect(decodeJwt(data.session?.access_token ?? '')['amr']).toEqual([
        { method: 'oauth', timestamp: expect.any(Number) },
      ]);

      const link = await supabase.auth.linkIdentity({
        provider: 'google',
        options: { redirectTo: 'http://127.0.0.1:4173/settings' },
      });
      expect(link.error).toBeNull();
      const linkState = new URL(link.data.url ?? '').searchParams.get('state') ?? '';
      expect(
        (
          await fetch(
            `${backend.url}/auth/v1/callback?state=${encodeURIComponent(linkState)}&email=${encodeURIComponent(email)}`,
            { redirect: 'manual' },
          )
        ).status,
      ).toBe(303);
      const identities = await supabase.auth.getUserIdentities();
      expect(identities.data?.identities.map((identity) => identity.provider).sort()).toEqual([
        'github',
        'google',
      ]);

      const github = identities.data?.identities.find((identity) => identity.provider === 'github');
      if (!github) throw new Error('github identity missing');
      expect((await supabase.auth.unlinkIdentity(github)).error).toBeNull();
      const remaining = await supabase.auth.getUserIdentities();
      expect(remaining.data?.identities.map((identity) => identity.provider)).toEqual(['google']);
      const last = remaining.data?.identities[0];
      if (!last) throw new Error('identity missing');
      expect((await supabase.auth.unlinkIdentity(last)).error).toMatchObject({
        code: 'single_identity_not_deletable',
        status: 422,
      });

      const tampered = await fetch(
        `${backend.url}/auth/v1/callback?state=${encodeURIComponent(`${state}x`)}&email=${encodeURIComponent(email)}`,
        { redirect: 'manual' },
      );
      expect(tampered.status).toBe(400);
    },
  );

  localIt('development identity provider')(
    'starts SSO through the development identity provider',
    async () => {
      const supabase = client(backend.url, backend.anonKey);
      const { data, error } = await supabase.auth.signInWithSSO({
        domain: 'example.test',
        options: { redirectTo: 'http://127.0.0.1:4173/' },
      });
      expect(error).toBeNull();
      const state = new URL(data?.url ?? '').searchParams.get('state') ?? '';
      const back = await fetch(
        `${backend.url}/auth/v1/callback?state=${encodeURIComponent(state)}&email=${encodeURIComponent(uniqueEmail('sso'))}`,
        { redirect: 'manual' },
      );
      const fragment = new URLSearchParams(new URL(back.headers.get('location') ?? '').hash.slice(1));
      expect(decodeJwt(fragment.get('access_token') ?? '')['amr']).toEqual([
        { method: 'sso/saml', timestamp: expect.any(Number) },
      ]);
    },
  );

  localIt('variants with other settings')(
    'refuses anonymous sign-ins by default; when enabled, an anonymous user can add an email and keep its id',
    async () => {
      const refused = await client(backend.url, backend.anonKey).auth.signInAnonymously();
      expect(refused.error).toMatchObject({ code: 'anonymous_provider_disabled', status: 422 });

      const variant = await backend.startVariant({ enableAnonymousSignIns: true });
      const supabase = client(variant.url, variant.anonKey);
      const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ is_anonymous: true, email: '', identities: [] });
      expect(decodeJwt(data.session?.access_token ?? '')).toMatchObject({
        role: 'authenticated',
        is_anonymous: true,
        amr: [{ method: 'anonymous' }],
      });
      expect((await supabase.from('kv').insert({ k: `anon-${target}` })).error).toBeNull();

      const email = uniqueEmail('converted');
      expect((await supabase.auth.updateUser({ email })).error).toBeNull();
      const mail = await latestMail(variant.url, email);
      const converted = await supabase.auth.verifyOtp({
        email,
        token: mail.code ?? '',
        type: 'email_change',
      });
      expect(converted.error).toBeNull();
      expect(converted.data.user).toMatchObject({ id: data.user?.id, email, is_anonymous: false });
      expect(converted.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email']);
    },
    // Each starts a second backend, which on a busy machine can take most of the default 20 s.
    60_000,
  );

  localIt('variants with other settings and mailbox')(
    'with email confirmation on: signup returns a bare user, the link confirms it, resend and rate limits work',
    async () => {
      const variant = await backend.startVariant({
        enableEmailConfirmation: true,
        rateLimits: { perEmail: { max: 3, windowSeconds: 60 } },
      });
      const supabase = client(variant.url, variant.anonKey);
      const email = uniqueEmail();
      const { data, error } = await supabase.auth.signUp({ email, password: 'secret123' });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.confirmation_sent_at).toBeTruthy();
      const unconfirmed = await supabase.auth.signInWithPassword({ email, password: 'secret123' });
      expect(unconfirmed.error).toMatchObject({ code: 'email_not_confirmed', status: 400 });

      expect((await supabase.auth.resend({ type: 'signup', email })).error).toBeNull();
      const mail = await latestMail(variant.url, email);
      expect(mail.type).toBe('signup');
      const redirect = await fetch(mail.action_link ?? '', { redirect: 'manual' });
      expect(redirect.status).toBe(303);
      const fragment = new URLSearchParams(new URL(redirect.headers.get('location') ?? '').hash.slice(1));
      expect(fragment.get('access_token')).toBeTruthy();
      expect(fragment.get('type')).toBe('signup');
      expect((await supabase.auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();

      // A confirmed address signing up again gets an obfuscated user without identities.
      const obfuscated = await supabase.auth.signUp({ email, password: 'secret123' });
      expect(obfuscated.data.user?.identities).toEqual([]);

      const limited = uniqueEmail('limited');
      for (let i = 0; i < 3; i += 1)
        expect((await supabase.auth.resetPasswordForEmail(limited)).error).toBeNull();
      expect((await supabase.auth.resetPasswordForEmail(limited)).error).toMatchObject({
        code: 'over_request_rate_limit',
        status: 429,
      });
    },
    // Each starts a second backend, which on a busy machine can take most of the default 20 s.
    60_000,
  );
});
