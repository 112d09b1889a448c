import type { AuthChangeEvent, Session } from '@supabase/supabase-js';

import { needsSecondFactor } from './assurance-level.ts';
import type { AuthState } from './auth-context.ts';
import { needsOnboarding } from './needs-onboarding.ts';

/** What the provider keeps; the user is derived so recovery can hold a session without signing in. */
export interface AuthCore {
  session: Session | null;
  loading: boolean;
  isRecoveryMode: boolean;
}

/** Neither a recovery session nor one still owing its second factor counts as signed in. */
export function toAuthState(core: AuthCore): AuthState {
  const mfaPending = !core.isRecoveryMode && needsSecondFactor(core.session);
  const signedIn = !core.isRecoveryMode && !mfaPending;
  const user = signedIn ? (core.session?.user ?? null) : null;
  return {
    session: signedIn ? core.session : null,
    user,
    loading: core.loading,
    isRecoveryMode: core.isRecoveryMode,
    mfaPending,
    needsOnboarding: needsOnboarding(user),
  };
}

/**
 * Product spec §4's session events. PASSWORD_RECOVERY enters recovery; SIGNED_OUT ends everything;
 * every other event (INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, MFA_CHALLENGE_VERIFIED)
 * carries the current session and leaves the recovery flag as it was.
 */
export function applyAuthEvent(core: AuthCore, event: AuthChangeEvent, session: Session | null): AuthCore {
  switch (event) {
    case 'PASSWORD_RECOVERY':
      return { session, loading: false, isRecoveryMode: true };
    case 'SIGNED_OUT':
      return { session: null, loading: false, isRecoveryMode: false };
    default:
      return { session, loading: false, isRecoveryMode: core.isRecoveryMode && session !== null };
  }
}
