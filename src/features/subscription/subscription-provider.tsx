import { useMemo, type ReactNode } from 'react';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { SubscriptionContext } from './subscription-context.ts';
import type { SubscriptionSource } from './subscription-source.ts';

/**
 * Names the signed-in user whose subscription `useSubscription` reads, once their data is open. The
 * answers themselves live in the app's query client (ADR 0138), so a screen that reads them shares one
 * fetch with every other, and a start offline shows the last one kept.
 */
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
  const userId = userData?.userId ?? null;
  const account = useMemo(() => (userId ? { userId, email, source } : null), [userId, email, source]);
  return <SubscriptionContext.Provider value={account}>{children}</SubscriptionContext.Provider>;
}
