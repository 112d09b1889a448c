import type { Session } from '@supabase/supabase-js';

/** The `aal` claim of an access token, read without verifying it (the server verifies; we only route). */
export function tokenAssuranceLevel(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/**
 * Product spec §4: aal2 is next when a verified factor exists. A session still at aal1 then is only
 * half a sign-in: the app treats it as signed out until the code is verified.
 */
export function needsSecondFactor(session: Session | null): boolean {
  if (!session) return false;
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return verified && tokenAssuranceLevel(session.access_token) !== 'aal2';
}
