import { useContext, useSyncExternalStore } from 'react';

import { SubscriptionContext } from './subscription-context.ts';
import {
  canAccessPremium,
  isOnTrial,
  isTrialEligible,
  trialDaysRemaining,
  userType,
  type SubscriptionRow,
  type UserType,
} from './subscription-rules.ts';
import type { SubscriptionSnapshot } from './subscription-store.ts';

export interface SubscriptionAccess {
  loading: boolean;
  subscription: SubscriptionRow | null;
  userType: UserType;
  onTrial: boolean;
  trialDaysRemaining: number;
  trialEligible: boolean;
  canAccessPremium: boolean;
  refresh: () => Promise<void>;
}

const NOBODY: SubscriptionSnapshot = {
  loading: true,
  subscription: null,
  trialUsed: undefined,
  failed: false,
};
const noop = () => () => undefined;

/** What the signed-in user may do, from product spec §4's rules, re-evaluated as the rows change. */
export function useSubscription(now: Date = new Date()): SubscriptionAccess {
  const store = useContext(SubscriptionContext);
  const snapshot = useSyncExternalStore(store?.subscribe ?? noop, store?.getSnapshot ?? (() => NOBODY));
  const inputs = { loading: snapshot.loading, subscription: snapshot.subscription, now };
  return {
    loading: snapshot.loading,
    subscription: snapshot.subscription,
    userType: userType(inputs),
    onTrial: !snapshot.loading && isOnTrial(snapshot.subscription, now),
    trialDaysRemaining: trialDaysRemaining(inputs),
    trialEligible: isTrialEligible(
      snapshot.loading || snapshot.trialUsed === undefined,
      snapshot.trialUsed ? {} : null,
    ),
    canAccessPremium: canAccessPremium(inputs),
    refresh: () => store?.refresh() ?? Promise.resolve(),
  };
}
