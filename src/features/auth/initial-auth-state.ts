import { appConfig } from '../../lib/config.ts';
import { hasAuthCallback, readStoredSession } from '../../lib/stored-session.ts';
import type { AuthCore } from './auth-state.ts';
import { detectRecoveryFlow } from './recovery-flow.ts';

/**
 * The first answer to "who is this?", before supabase-js has loaded: a fresh stored session or none at
 * all decide at once; a stale session or an auth callback in the address wait ('Loading...') for
 * supabase-js to refresh or exchange it. On the reset-password page a recovery flow starts in recovery
 * mode, so the global signed-in state is never set there.
 */
export function initialAuthCore(nowMs: number = Date.now()): AuthCore {
  const stored = readStoredSession(appConfig.supabaseUrl, nowMs);
  const isRecoveryMode = detectRecoveryFlow(window.location, stored.kind !== 'none') !== null;
  if (hasAuthCallback(window.location)) return { session: null, loading: true, isRecoveryMode };
  switch (stored.kind) {
    case 'none':
      return { session: null, loading: false, isRecoveryMode: false };
    case 'fresh':
      return { session: stored.session, loading: false, isRecoveryMode };
    case 'stale':
      return { session: null, loading: true, isRecoveryMode };
  }
}
