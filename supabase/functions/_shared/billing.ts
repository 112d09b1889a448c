import Stripe from 'npm:stripe@23.1.0';

/** Product decision (docs/billing.md): one free trial of this length per email address, ever. */
export const TRIAL_DAYS = 7;

const PLAN_INTERVALS = { monthly: 'month', yearly: 'year' } as const;
export type PlanId = keyof typeof PLAN_INTERVALS;

export function isPlan(value: unknown): value is PlanId {
  return value === 'monthly' || value === 'yearly';
}

/** Stripe when a secret key is configured; null in local development (the test checkout applies). */
export function stripeClient(): Stripe | null {
  const key = Deno.env.get('STRIPE_SECRET_KEY');
  return key ? new Stripe(key, { httpClient: Stripe.createFetchHttpClient() }) : null;
}

/**
 * The test checkout and test portal stand in for Stripe only where `MURMUR_TEST_CHECKOUT=enabled` is set
 * explicitly (local development and the tests), and never beside a Stripe key. A deployment without a
 * key has no checkout at all rather than one that grants premium for free.
 */
export function testCheckoutEnabled(): boolean {
  return Deno.env.get('MURMUR_TEST_CHECKOUT') === 'enabled' && !Deno.env.get('STRIPE_SECRET_KEY');
}

/** The Stripe price of a plan, from STRIPE_PRICE_MONTHLY / STRIPE_PRICE_YEARLY. */
export function stripePrice(plan: PlanId): string {
  const price = Deno.env.get(plan === 'monthly' ? 'STRIPE_PRICE_MONTHLY' : 'STRIPE_PRICE_YEARLY');
  if (!price) throw new Error(`no Stripe price configured for the ${plan} plan`);
  return price;
}

/** A return address must be an http(s) URL; anything else could send the user somewhere unsafe. */
export function safeReturnUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function addInterval(from: Date, plan: PlanId): Date {
  const next = new Date(from);
  if (PLAN_INTERVALS[plan] === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}
