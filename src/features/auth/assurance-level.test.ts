import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';

import { needsSecondFactor, tokenAssuranceLevel } from './assurance-level.ts';
import { toAuthState } from './auth-state.ts';

const token = (claims: object) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

function sessionWith(aal: string, factorStatus: 'verified' | 'unverified' | null): Session {
  return {
    access_token: token({ sub: 'u1', aal }),
    user: {
      id: 'u1',
      factors: factorStatus ? [{ id: 'f1', factor_type: 'totp', status: factorStatus }] : [],
    },
  } as unknown as Session;
}

describe('assurance levels', () => {
  it('reads the aal claim of an access token', () => {
    expect(tokenAssuranceLevel(token({ aal: 'aal2' }))).toBe('aal2');
    expect(tokenAssuranceLevel('not-a-jwt')).toBeNull();
    expect(tokenAssuranceLevel('a.%%%.c')).toBeNull();
  });

  it('asks for the code when a verified factor exists and the session is aal1', () => {
    expect(needsSecondFactor(sessionWith('aal1', 'verified'))).toBe(true);
    expect(needsSecondFactor(sessionWith('aal2', 'verified'))).toBe(false);
    expect(needsSecondFactor(sessionWith('aal1', 'unverified'))).toBe(false);
    expect(needsSecondFactor(sessionWith('aal1', null))).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });

  it('keeps a session that owes its second factor out of the signed-in state', () => {
    const state = toAuthState({
      session: sessionWith('aal1', 'verified'),
      loading: false,
      isRecoveryMode: false,
    });
    expect(state).toEqual({
      user: null,
      session: null,
      loading: false,
      isRecoveryMode: false,
      mfaPending: true,
      needsOnboarding: false,
    });
  });
});
