import { createContext } from 'react';

import type { SubscriptionStore } from './subscription-store.ts';

/** null for visitors and while the user's data opens. */
export const SubscriptionContext = createContext<SubscriptionStore | null>(null);
