import { queryOptions, skipToken } from '@tanstack/react-query';

import type { SubscriptionAccount } from './subscription-context.ts';
import { SUBSCRIPTION_QUERY, type SubscriptionRow } from './subscription-rules.ts';

const logged =
  <T>(message: string, fetch: () => Promise<T>) =>
  async (): Promise<T> => {
    try {
      return await fetch();
    } catch (error) {
      // Product spec §8: logged and rethrown, so the query is in error; the user is not told.
      console.error(message, error);
      throw error;
    }
  };

/**
 * The user's subscription row (product spec §7/§9): refetched every 30 s and on focus, stale after
 * 30 s, 2 retries. Kept on the device (`persist`), so a start offline knows what the user may do.
 * Keys of a user's server state start `['user', userId]`: that is what is kept, and only for them.
 */
export function subscriptionQuery(account: SubscriptionAccount | null) {
  return queryOptions<SubscriptionRow | null>({
    queryKey: ['user', account?.userId ?? null, 'subscription'],
    queryFn: account
      ? logged('Fetching the subscription failed', () => account.source.fetchSubscription(account.userId))
      : skipToken,
    refetchInterval: SUBSCRIPTION_QUERY.refetchIntervalMs,
    refetchOnWindowFocus: true,
    staleTime: SUBSCRIPTION_QUERY.staleTimeMs,
    gcTime: SUBSCRIPTION_QUERY.cacheTimeMs,
    retry: SUBSCRIPTION_QUERY.retries,
    meta: { persist: true },
  });
}

/** Whether a trial was ever started with the user's email (a trial is offered once per address). */
export function trialUsageQuery(account: SubscriptionAccount | null) {
  const email = account?.email ?? null;
  return queryOptions<boolean>({
    queryKey: ['user', account?.userId ?? null, 'trial-usage', email],
    queryFn:
      account && email
        ? logged(
            'Fetching the trial record failed',
            async () => (await account.source.fetchTrialUsage(email)) != null,
          )
        : skipToken,
    meta: { persist: true },
  });
}
