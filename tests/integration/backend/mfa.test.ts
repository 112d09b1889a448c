// @vitest-environment node
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOnTargets, startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, decodeJwt, latestMail, uniqueEmail } from './support/clients.ts';
import { decodeQrSvg } from './support/decode-qr-svg.ts';

function codeFor(secret: string, offsetSeconds = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

describeOnTargets('MFA with TOTP and phone through supabase-js', (target, { localIt }) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await startTestBackend(target);
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
  });

  it('returns a scannable QR code of the otpauth URI as an SVG data URI', async () => {
    const supabase = client(backend.url, backend.anonKey);
    await supabase.auth.signUp({ email: uniqueEmail('qr'), password: 'secret123' });
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'qr' });
    expect(error).toBeNull();
    const qrCode = data?.totp.qr_code ?? '';
    const prefix = 'data:image/svg+xml;utf-8,';
    expect(qrCode.startsWith(`${prefix}<svg`)).toBe(true);
    // Unencoded data URIs end at '#', so the SVG must not contain one for an <img src> to show all of it.
    expect(qrCode).not.toContain('#');
    expect(decodeQrSvg(qrCode.slice(prefix.length))).toBe(data?.totp.uri);
    expect(data?.totp.uri).toContain(`secret=${data?.totp.secret}`);
  });

  it('enrolls, challenges and verifies a factor, upgrading the session to aal2', async () => {
    const email = uniqueEmail('mfa');
    const supabase = client(backend.url, backend.anonKey);
    await supabase.auth.signUp({ email, password: 'secret123' });

    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(enrolled.error).toBeNull();
    const factorId = enrolled.data?.id ?? '';
    const secret = enrolled.data?.totp.secret ?? '';
    expect(enrolled.data?.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolled.data?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,/);
    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(duplicate.error).toMatchObject({ code: 'mfa_factor_name_conflict', status: 422 });

    const challenge = await supabase.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const wrong = await supabase.auth.mfa.verify({
      factorId,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(secret, 300),
    });
    expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed', status: 422 });
    const verified = await supabase.auth.mfa.verify({
      factorId,
      challengeId: challenge.data?.id ?? '',
      code: codeFor(secret),
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data?.access_token ?? '');
    expect(claims['aal']).toBe('aal2');
    expect((claims['amr'] as { method: string }[]).map((entry) => entry.method)).toEqual([
      'totp',
      'password',
    ]);

    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.totp.map((factor) => factor.id)).toEqual([factorId]);

    // aal survives a refresh.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '')['aal']).toBe('aal2');

    // A fresh password sign-in is aal1 with aal2 available, and may not touch verified factors.
    const other = client(backend.url, backend.anonKey);
    await other.auth.signInWithPassword({ email, password: 'secret123' });
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect((await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })).error).toMatchObject(
      { code: 'insufficient_aal', status: 403 },
    );
    expect((await other.auth.mfa.unenroll({ factorId })).error).toMatchObject({
      code: 'insufficient_aal',
      status: 422,
    });
    expect((await other.auth.updateUser({ password: 'changed-123' })).error).toMatchObject({
      code: 'insufficient_aal',
      status: 401,
    });
    expect(
      (await other.auth.mfa.challenge({ factorId: '00000000-0000-0000-0000-000000000000' })).error,
    ).toMatchObject({ code: 'mfa_factor_not_found', status: 404 });

    const removed = await supabase.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect((await supabase.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  localIt('the development SMS outbox')(
    'enrolls a phone factor, texts a code for each challenge and verifies it to aal2 (amr mfa/phone)',
    async () => {
      const supabase = client(backend.url, backend.anonKey);
      await supabase.auth.signUp({ email: uniqueEmail('phone-mfa'), password: 'secret123' });
      const phone = `+1555${String(Date.now()).slice(-7)}`;
      expect(
        (await supabase.auth.mfa.enroll({ factorType: 'phone', phone: 'not a number' })).error,
      ).toMatchObject({
        code: 'validation_failed',
      });
      const enrolled = await supabase.auth.mfa.enroll({
        factorType: 'phone',
        phone,
        friendlyName: 'my phone',
      });
      expect(enrolled.error).toBeNull();
      expect(enrolled.data).toMatchObject({
        type: 'phone',
        friendly_name: 'my phone',
        phone: phone.slice(1),
      });
      const factorId = enrolled.data?.id ?? '';

      const challenge = await supabase.auth.mfa.challenge({ factorId, channel: 'sms' });
      expect(challenge.error).toBeNull();
      expect(challenge.data).toMatchObject({ type: 'phone' });
      const texted = await latestMail(backend.url, phone.slice(1));
      expect(texted.type).toBe('sms');
      expect(texted.code).toMatch(/^\d{6}$/);
      const wrongCode = String((Number(texted.code) + 1) % 1_000_000).padStart(6, '0');
      const wrong = await supabase.auth.mfa.verify({
        factorId,
        challengeId: challenge.data?.id ?? '',
        code: wrongCode,
      });
      expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed', status: 422 });
      const verified = await supabase.auth.mfa.verify({
        factorId,
        challengeId: challenge.data?.id ?? '',
        code: texted.code ?? '',
      });
      expect(verified.error).toBeNull();
      const claims = decodeJwt(verified.data?.access_token ?? '');
      expect(claims['aal']).toBe('aal2');
      expect((claims['amr'] as { method: string }[]).map((entry) => entry.method)).toContain('mfa/phone');
      const factors = await supabase.auth.mfa.listFactors();
      expect(factors.data?.phone.map((factor) => factor.id)).toEqual([factorId]);
      // The code is spent with its challenge.
      const replay = await supabase.auth.mfa.verify({
        factorId,
        challengeId: challenge.data?.id ?? '',
        code: texted.code ?? '',
      });
      expect(replay.error).toMatchObject({ status: 422 });
    },
  );
});
