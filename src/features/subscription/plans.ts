/**
 * What Murmur sells. The spec leaves prices open; these are the product's and appear only here and in
 * the billing provider's price list (the checkout function maps a plan id to the provider's price).
 */
export type PlanId = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  /** Minor units (cents). */
  amount: number;
  currency: 'EUR';
  interval: 'month' | 'year';
}

export const PLANS: readonly Plan[] = [
  { id: 'monthly', amount: 499, currency: 'EUR', interval: 'month' },
  { id: 'yearly', amount: 3999, currency: 'EUR', interval: 'year' },
];
