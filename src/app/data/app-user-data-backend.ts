import { supabaseSubscriptionSource } from '../../features/subscription/index.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import type { UserDataBackend } from './user-data-backend.ts';

/**
 * Starts fetching the connection's code (Dexie, the schemas, the commands) while the first screen's
 * chunks and translations load, for a start with a stored session: the connection is asked for only
 * once the first render has committed, and would otherwise wait a round trip more. A failure here is
 * harmless: `connect` imports it again.
 */
export function preloadUserData(): void {
  import('./connect-user-data.ts').catch(() => undefined);
}

/** The real backend; everything behind it is a lazy chunk so Dexie and the engine stay off first paint. */
export const appUserDataBackend: UserDataBackend = {
  async connect(userId, auth) {
    const { connectUserData } = await import('./connect-user-data.ts');
    return connectUserData(userId, auth);
  },
  async refreshSession() {
    const [{ refreshSupabaseSession }, supabase] = await Promise.all([
      import('./refresh-supabase-session.ts'),
      loadSupabase(),
    ]);
    return refreshSupabaseSession(supabase.auth);
  },
  subscriptions: supabaseSubscriptionSource,
};
