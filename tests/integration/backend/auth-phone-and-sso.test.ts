// @vitest-environment node
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBackend, TARGETS } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, decodeJwt, latestMail, uniqueEmail } from './support/clients.ts';

let phoneCounter = 0;
/** A fresh E.164 number per call; the outbox keys messages by the digits without '+', as GoTrue stores them. */
function uniquePhone(): { phone: string; digits: string } {
  phoneCounter += 1;
  const digits = `1555${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneCounter}`;
  return { phone: `+${digits}`, digits };
}

async function mailCount(url: string, to: string): Promise<number> {
  const response = await fetch(`${url}/mailbox/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as unknown[]).length;
}

describe.each(TARGETS)(
  'phone one-time codes through the development outbox, and SSO by provider id, on %s',
  (target) => {
    let backend: TestBackend;

    beforeAll(async () => {
      backend = await startTestBackend(target);
    }, 60_000);

    afterAll(async () => {
      await backend?.stop();
    });

    it('signs in with an SMS code from the outbox, refusing a wrong code and reuse', async () => {
      const supabase = client(backend.url, backend.anonKey);
      const { phone, digits } = uniquePhone();
      expect((await supabase.auth.signInWithOtp({ phone })).error).toBeNull();
      const sms = await latestMail(backend.url, digits);
      expect(sms.code).toMatch(/^\d{6}$/);
      expect(sms.text).toContain(sms.code ?? '');

      const wrongCode = sms.code === '000000' ? '111111' : '000000';
      const wrong = await supabase.auth.verifyOtp({ phone, token: wrongCode, type: 'sms' });
      expect(wrong.error).toMatchObject({ code: 'otp_expired', status: 403 });
      const { data, error } = await supabase.auth.verifyOtp({ phone, token: sms.code ?? '', type: 'sms' });
      expect(error).toBeNull();
      expect(data.user?.phone).toBe(digits);
      expect(data.user?.phone_confirmed_at).toBeTruthy();
      expect(decodeJwt(data.session?.access_token ?? '')).toMatchObject({
        phone: digits,
        role: 'authenticated',
      });
      const reused = await client(backend.url, backend.anonKey).auth.verifyOtp({
        phone,
        token: sms.code ?? '',
        type: 'sms',
      });
      expect(reused.error).toMatchObject({ code: 'otp_expired', status: 403 });
    });

    it('resends an SMS code to an unconfirmed phone only, and refuses unknown numbers without create', async () => {
      const supabase = client(backend.url, backend.anonKey);
      const { phone, digits } = uniquePhone();
      await supabase.auth.signInWithOtp({ phone });
      expect(await mailCount(backend.url, digits)).toBe(1);
      expect((await supabase.auth.resend({ type: 'sms', phone })).error).toBeNull();
      expect(await mailCount(backend.url, digits)).toBe(2);
      const code = (await latestMail(backend.url, digits)).code ?? '';
      expect((await supabase.auth.verifyOtp({ phone, token: code, type: 'sms' })).error).toBeNull();
      // Confirmed now: a resend sends nothing (and still answers 200, so numbers cannot be probed).
      expect((await supabase.auth.resend({ type: 'sms', phone })).error).toBeNull();
      expect(await mailCount(backend.url, digits)).toBe(2);

      const unknown = await supabase.auth.signInWithOtp({
        phone: uniquePhone().phone,
        options: { shouldCreateUser: false },
      });
      expect(unknown.error).toMatchObject({ code: 'otp_disabled', status: 422 });
    });

    it('starts SSO by provider id and completes it through the development identity provider', async () => {
      const supabase = client(backend.url, backend.anonKey);
      const { data, error } = await supabase.auth.signInWithSSO({
        providerId: randomUUID(),
        options: { redirectTo: 'http://127.0.0.1:4173/' },
      });
      expect(error).toBeNull();
      const state = new URL(data?.url ?? '').searchParams.get('state') ?? '';
      const email = uniqueEmail('sso-id');
      const back = await fetch(
        `${backend.url}/auth/v1/callback?state=${encodeURIComponent(state)}&email=${encodeURIComponent(email)}`,
        { redirect: 'manual' },
      );
      const location = new URL(back.headers.get('location') ?? '');
      expect(location.origin + location.pathname).toBe('http://127.0.0.1:4173/');
      const claims = decodeJwt(new URLSearchParams(location.hash.slice(1)).get('access_token') ?? '');
      expect(claims).toMatchObject({ email, amr: [{ method: 'sso/saml', timestamp: expect.any(Number) }] });

      const missing = await fetch(`${backend.url}/auth/v1/sso`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ code: 'validation_failed' });
    });
  },
);
