import { describe, expect, it } from 'vitest';

import { detectRecoveryFlow, stripRecoveryParams } from './recovery-flow.ts';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('recovery flow', () => {
  it('is recognised by a recovery hash with an access token', () => {
    expect(
      detectRecoveryFlow(
        at('/auth/reset-password', '', '#access_token=abc&type=recovery&expires_in=3600'),
        false,
      ),
    ).toBe('hash');
  });

  it('needs both the recovery type and the access token in the hash', () => {
    expect(detectRecoveryFlow(at('/auth/reset-password', '', '#type=recovery'), false)).toBeNull();
    expect(
      detectRecoveryFlow(at('/auth/reset-password', '', '#access_token=abc&type=signup'), false),
    ).toBeNull();
  });

  it('is recognised by a code parameter', () => {
    expect(detectRecoveryFlow(at('/auth/reset-password', '?code=3f2a'), false)).toBe('code');
  });

  it('is recognised by an existing session on the reset page', () => {
    expect(detectRecoveryFlow(at('/auth/reset-password'), true)).toBe('session');
    expect(detectRecoveryFlow(at('/auth/reset-password'), false)).toBeNull();
  });

  it('only happens on the reset page', () => {
    expect(detectRecoveryFlow(at('/auth', '?code=3f2a'), true)).toBeNull();
    expect(detectRecoveryFlow(at('/notes', '', '#access_token=abc&type=recovery'), true)).toBeNull();
  });

  it('removes the code and the recovery hash from the address, keeping the rest', () => {
    expect(stripRecoveryParams(at('/auth/reset-password', '?code=3f2a&lang=de'))).toBe(
      '/auth/reset-password?lang=de',
    );
    expect(
      stripRecoveryParams(at('/auth/reset-password', '', '#access_token=a&refresh_token=b&type=recovery')),
    ).toBe('/auth/reset-password');
    expect(stripRecoveryParams(at('/auth/reset-password', '', '#form'))).toBe('/auth/reset-password#form');
  });
});
