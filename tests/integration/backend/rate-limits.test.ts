// @vitest-environment node
import type { AuthError } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';

import { startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, latestMail, uniqueEmail } from './support/clients.ts';

const limited = { code: 'over_request_rate_limit', status: 429 };

/**
 * The limiter lives in memory in front of the database, so one database (PGlite) is enough here; each test
 * starts a backend with tight limits, which also gives it its own counters.
 */
describe('auth rate limits per email and per IP', () => {
  let variant: TestBackend | undefined;

  afterEach(async () => {
    await variant?.stop();
    variant = undefined;
  });

  it('limits sign-in, sign-up, recover and otp per address, leaving other addresses alone', async () => {
    variant = await startTestBackend('pglite', {
      rateLimits: { perEmail: { max: 2, windowSeconds: 60 }, perIp: { max: 1000, windowSeconds: 60 } },
    });
    const supabase = client(variant.url, variant.anonKey);
    const actions: Record<string, (email: string) => Promise<{ error: AuthError | null }>> = {
      'sign-in': (email) => supabase.auth.signInWithPassword({ email, password: 'secret123' }),
      'sign-up': (email) => supabase.auth.signUp({ email, password: 'secret123' }),
      recover: (email) => supabase.auth.resetPasswordForEmail(email),
      otp: (email) => supabase.auth.signInWithOtp({ email }),
    };
    for (const [name, act] of Object.entries(actions)) {
      const email = uniqueEmail(name);
      // The first two calls are answered on their merits (a sign-in with no account is a 400), not limited.
      for (let i = 0; i < 2; i += 1) expect((await act(email)).error?.status, name).not.toBe(429);
      expect((await act(email)).error, name).toMatchObject(limited);
      expect((await act(email.toUpperCase())).error, `${name} ignores case`).toMatchObject(limited);
      expect((await act(uniqueEmail(name))).error?.status, `${name} for another address`).not.toBe(429);
    }
  }, 90_000);

  it('limits each action per IP across addresses, and keeps serving other actions', async () => {
    variant = await startTestBackend('pglite', {
      rateLimits: { perIp: { max: 3, windowSeconds: 60 }, perEmail: { max: 1000, windowSeconds: 60 } },
    });
    const supabase = client(variant.url, variant.anonKey);
    for (let i = 0; i < 3; i += 1) {
      const { error } = await supabase.auth.signInWithPassword({
        email: uniqueEmail(),
        password: 'secret123',
      });
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    }
    const blocked = await supabase.auth.signInWithPassword({ email: uniqueEmail(), password: 'secret123' });
    expect(blocked.error).toMatchObject(limited);
    // Sign-up has its own budget, and the server still answers everything else.
    expect((await supabase.auth.signUp({ email: uniqueEmail(), password: 'secret123' })).error).toBeNull();
    const health = await fetch(`${variant.url}/auth/v1/health`);
    expect(health.status).toBe(200);
  }, 90_000);

  it('limits guesses at an email code and at an authenticator code: after the limit even the right code waits', async () => {
    variant = await startTestBackend('pglite', { rateLimits: { verify: { max: 5, windowSeconds: 60 } } });
    const supabase = client(variant.url, variant.anonKey);
    const email = uniqueEmail('guess');
    expect((await supabase.auth.signUp({ email, password: 'secret123' })).error).toBeNull();
    await supabase.auth.signOut();
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    const { code } = await latestMail(variant.url, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const guess = await supabase.auth.verifyOtp({ email, token: wrong, type: 'email' });
      expect(guess.error?.status).toBe(403);
    }
    const right = await supabase.auth.verifyOtp({ email, token: code ?? '', type: 'email' });
    expect(right.error).toMatchObject(limited);

    const signedIn = await supabase.auth.signInWithPassword({ email, password: 'secret123' });
    expect(signedIn.error).toBeNull();
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    const factorId = enrolled.data?.id ?? '';
    const outcomes: (number | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const challenge = await supabase.auth.mfa.challenge({ factorId });
      if (challenge.error) {
        outcomes.push(challenge.error.status);
        continue;
      }
      const verify = await supabase.auth.mfa.verify({
        factorId,
        challengeId: challenge.data.id,
        code: '000000',
      });
      outcomes.push(verify.error?.status);
    }
    // Five challenges, each with a wrong code; the sixth challenge is over the limit.
    expect(outcomes.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(outcomes[5]).toBe(429);
  }, 90_000);
});
