import { createContext } from 'react';

import type { SubscriptionSource } from './subscription-source.ts';

/** Whose subscription the screens read, and where from. */
export interface SubscriptionAccount {
  userId: string;
  email: string | null;
  source: SubscriptionSource;
}

/** null for visitors and while the user's data opens. */
export const SubscriptionContext = createContext<SubscriptionAccount | null>(null);
