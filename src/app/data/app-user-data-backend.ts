import { supabaseSubscriptionSource } from '../../features/subscription/supabase-subscription-source.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import type { UserDataBackend } from './user-data-backend.ts';

/** The real backend; everything behind it is a lazy chunk so Dexie and the engine stay off first paint. */
export const appUserDataBackend: UserDataBackend = {
  async connect(userId, auth) {
    // A module's static imports are evaluated in one task: zod and the entity schemas, then the rest
    // of the connection, would be one task of 50–70 ms while the first screen shows. Asked for one by
    // one, with a yield between, each is evaluated in a task of its own. Zod comes with the entities'
    // common field schemas: `import('zod')` itself would keep all of zod in the build, every language
    // of its messages with it, 74 kB gzipped more in the precache (docs/performance.md).
    await import('../../db/entities/common.ts');
    const { browserYield } = await import('../../sync/real-ports.ts');
    await browserYield();
    await import('../../db/entities/entity-tables.ts');
    await browserYield();
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
