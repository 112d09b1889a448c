import { useEffect, useMemo, type ReactNode } from 'react';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { dexieSubscriptionCache } from './dexie-subscription-cache.ts';
import { SubscriptionContext } from './subscription-context.ts';
import type { SubscriptionSource } from './subscription-source.ts';
import { SubscriptionStore } from './subscription-store.ts';

// The two classes the store uses, named where they are imported: the build keeps only what a dynamic
// import names, and the whole module would add its React hooks, 13 kB gzipped, to the precache.
const loadQuery = () =>
  import('@tanstack/react-query').then(({ QueryClient, QueryObserver }) => ({ QueryClient, QueryObserver }));
const wallClock = () => new Date();
const later = (callback: () => void, ms: number) => window.setTimeout(callback, ms);
const logError = (message: string, error: unknown) => console.error(message, error);

/** One subscription store per signed-in user, started with their data and stopped on sign-out. */
export function SubscriptionProvider({
  userData,
  email,
  source,
  children,
}: {
  userData: UserData | null;
  email: string | null;
  /** The backend's subscription reads (supabase-js in the app). */
  source: SubscriptionSource;
  children: ReactNode;
}) {
  const store = useMemo(
    () =>
      userData
        ? new SubscriptionStore({
            userId: userData.userId,
            email,
            source,
            cache: dexieSubscriptionCache(userData.db),
            now: wallClock,
            setTimeout: later,
            logError,
            loadQuery,
          })
        : null,
    [userData, email, source],
  );
  useEffect(() => {
    if (!store) return;
    void store.start();
    return () => store.stop();
  }, [store]);
  return <SubscriptionContext.Provider value={store}>{children}</SubscriptionContext.Provider>;
}
