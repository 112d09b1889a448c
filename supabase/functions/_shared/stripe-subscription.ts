import type Stripe from 'npm:stripe@23.1.0';

/** The columns of subscriptions a Stripe subscription decides. */
export function subscriptionFields(subscription: Stripe.Subscription) {
  // Since API version 2025-03-31 the period lives on the subscription's items.
  const periodEnd = subscription.items.data[0]?.current_period_end;
  return {
    status: subscription.status,
    current_period_end: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
    stripe_subscription_id: subscription.id,
    stripe_customer_id:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
  };
}
