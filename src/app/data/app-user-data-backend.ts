import { supabaseSubscriptionSource } from '../../features/subscription/supabase-subscription-source.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import type { UserDataBackend } from './user-data-backend.ts';

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
