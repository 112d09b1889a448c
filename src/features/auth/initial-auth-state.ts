import { appConfig } from '../../lib/config.ts';
import { hasAuthCallback, readStoredSession } from '../../lib/stored-session.ts';
import type { AuthState } from './auth-context.ts';

/**
 * The first answer to "who is this?", before supabase-js has loaded: a fresh stored session or none at
 * all decide at once; a stale session or an auth callback in the address wait ('Loading...') for
 * supabase-js to refresh or exchange it.
 */
export function initialAuthState(nowMs: number = Date.now()): AuthState {
  if (hasAuthCallback(window.location)) return { user: null, session: null, loading: true };
  const stored = readStoredSession(appConfig.supabaseUrl, nowMs);
  switch (stored.kind) {
    case 'none':
      return { user: null, session: null, loading: false };
    case 'fresh':
      return { user: stored.session.user, session: stored.session, loading: false };
    case 'stale':
      return { user: null, session: null, loading: true };
  }
}
