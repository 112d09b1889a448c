import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';

import { applyAuthEvent, toAuthState, type AuthCore } from './auth-state.ts';

const session = { access_token: 'a', user: { id: 'u1', email: 'ada@example.com' } } as unknown as Session;
const signedOut: AuthCore = { session: null, loading: false, isRecoveryMode: false };

describe('auth events', () => {
  it.each([
    'INITIAL_SESSION',
    'SIGNED_IN',
    'TOKEN_REFRESHED',
    'USER_UPDATED',
    'MFA_CHALLENGE_VERIFIED',
  ] as const)('%s sets the signed-in user', (event) => {
    const state = toAuthState(applyAuthEvent({ ...signedOut, loading: true }, event, session));
    expect(state).toMatchObject({ user: { id: 'u1' }, loading: false, isRecoveryMode: false });
  });

  it('PASSWORD_RECOVERY keeps the session out of the signed-in state', () => {
    const core = applyAuthEvent(signedOut, 'PASSWORD_RECOVERY', session);
    expect(core.session).toBe(session);
    expect(toAuthState(core)).toEqual({
      user: null,
      session: null,
      loading: false,
      isRecoveryMode: true,
      mfaPending: false,
      needsOnboarding: false,
    });
  });

  it('stays in recovery through token refreshes and user updates', () => {
    const recovering: AuthCore = { session, loading: false, isRecoveryMode: true };
    expect(applyAuthEvent(recovering, 'TOKEN_REFRESHED', session).isRecoveryMode).toBe(true);
    expect(applyAuthEvent(recovering, 'USER_UPDATED', session).isRecoveryMode).toBe(true);
  });

  it('SIGNED_OUT clears the user and ends recovery', () => {
    const recovering: AuthCore = { session, loading: false, isRecoveryMode: true };
    expect(applyAuthEvent(recovering, 'SIGNED_OUT', null)).toEqual(signedOut);
  });
});

describe('onboarding', () => {
  it('is needed by a signed-in user until onboarded_at is in their metadata', () => {
    const fresh = { ...session, user: { id: 'u1', user_metadata: {} } } as unknown as Session;
    const onboarded = {
      ...session,
      user: { id: 'u1', user_metadata: { onboarded_at: '2026-11-22T06:00:00.000Z' } },
    } as unknown as Session;
    const core = (s: Session | null): AuthCore => ({ session: s, loading: false, isRecoveryMode: false });
    expect(toAuthState(core(fresh)).needsOnboarding).toBe(true);
    expect(toAuthState(core(onboarded)).needsOnboarding).toBe(false);
    expect(toAuthState(core(null)).needsOnboarding).toBe(false);
  });
});
