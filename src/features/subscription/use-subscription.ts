import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';

import { SubscriptionContext } from './subscription-context.ts';
import { subscriptionQuery, trialUsageQuery } from './subscription-queries.ts';
import {
  canAccessPremium,
  isOnTrial,
  isTrialEligible,
  trialDaysRemaining,
  userType,
  type SubscriptionRow,
  type UserType,
} from './subscription-rules.ts';
import { useRenewalCheck } from './use-renewal-check.ts';

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

/**
 * What the signed-in user may do, from product spec §4's rules, re-evaluated as the rows change.
 * Loading until the first answer, or the one kept from before (ADR 0138); a fetch that fails with
 * nothing kept leaves the user basic.
 */
export function useSubscription(now: Date = new Date()): SubscriptionAccess {
  const account = useContext(SubscriptionContext);
  const client = useQueryClient();
  const subscriptionResult = useQuery(subscriptionQuery(account));
  const trialUsed = useQuery(trialUsageQuery(account)).data;
  useRenewalCheck(account, subscriptionResult.data, now);

  const loading = subscriptionResult.isPending;
  const subscription = subscriptionResult.data ?? null;
  const inputs = { loading, subscription, now };
  return {
    loading,
    subscription,
    userType: userType(inputs),
    onTrial: !loading && isOnTrial(subscription, now),
    trialDaysRemaining: trialDaysRemaining(inputs),
    trialEligible: isTrialEligible(loading || trialUsed === undefined, trialUsed ? {} : null),
    canAccessPremium: canAccessPremium(inputs),
    refresh: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: subscriptionQuery(account).queryKey }),
        client.invalidateQueries({ queryKey: trialUsageQuery(account).queryKey }),
      ]);
    },
  };
}
