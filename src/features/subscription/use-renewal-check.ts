import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';

import type { SubscriptionAccount } from './subscription-context.ts';
import { subscriptionQuery } from './subscription-queries.ts';
import { needsRenewalCheck, SUBSCRIPTION_QUERY, type SubscriptionRow } from './subscription-rules.ts';

/**
 * Product spec §7: an active subscription whose period ends within the hour, or has ended, is verified
 * with the billing provider (verify-subscription), and the row fetched again a second later. The call
 * is keyed by the period end it verifies and never goes stale, so every screen reading the
 * subscription shares one call per period end; a failure is logged only.
 */
export function useRenewalCheck(
  account: SubscriptionAccount | null,
  subscription: SubscriptionRow | null | undefined,
  now: Date,
): void {
  const client = useQueryClient();
  const due = account !== null && needsRenewalCheck(subscription ?? null, now);
  useQuery({
    queryKey: ['user', account?.userId ?? null, 'verify-subscription', subscription?.current_period_end],
    queryFn: due
      ? async () => {
          try {
            await account.source.verifySubscription();
          } catch (error) {
            console.error('Verifying the subscription failed', error);
            return false;
          }
          setTimeout(
            () => void client.refetchQueries({ queryKey: subscriptionQuery(account).queryKey }),
            SUBSCRIPTION_QUERY.refetchAfterVerifyMs,
          );
          return true;
        }
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
