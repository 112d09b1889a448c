import type { PlanId } from './plans.ts';

/** The Edge Functions behind the subscription screen; Stripe is only ever reached by them. */
export interface BillingFunctions {
  startTrial(): Promise<void>;
  /** The checkout page's address for the plan, which comes back to `returnUrl`. */
  createCheckout(plan: PlanId, returnUrl: string): Promise<string>;
  /** The billing portal's address, which comes back to `returnUrl`. */
  openCustomerPortal(returnUrl: string): Promise<string>;
  /** Where no payment provider is configured: completes a test purchase or cancels it (test-checkout). */
  completeTestCheckout(request: { plan: PlanId } | { action: 'cancel' }): Promise<void>;
}
