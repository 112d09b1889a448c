/**
 * Who may do what, from the subscription row and the trial record (product spec §4). Pure: the caller
 * passes the clock, so every boundary can be tested exactly. "In the future" is strict: a period that
 * ends at this very instant has ended.
 */
export type UserType = 'premium' | 'trial' | 'basic';

export interface SubscriptionRow {
  status: string | null;
  current_period_end: string | null;
  trial_ends_at: string | null;
}

export interface AccessInputs {
  /** Either query is still loading (and no last known state is available). */
  loading: boolean;
  subscription: SubscriptionRow | null;
  now: Date;
}

/** Product spec §9: the subscription query's timings, and the renewal check. */
export const SUBSCRIPTION_QUERY = {
  refetchIntervalMs: 30_000,
  staleTimeMs: 30_000,
  cacheTimeMs: 5 * 60_000,
  retries: 2,
  renewalWindowMs: 60 * 60_000,
  refetchAfterVerifyMs: 1_000,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

function isFuture(value: string | null | undefined, now: Date): boolean {
  const time = timeOf(value);
  return time !== null && time > now.getTime();
}

function isPremium(subscription: SubscriptionRow | null, now: Date): boolean {
  return subscription?.status === 'active' && isFuture(subscription.current_period_end, now);
}

export function isOnTrial(subscription: SubscriptionRow | null, now: Date): boolean {
  return isFuture(subscription?.trial_ends_at, now);
}

/** While loading the user is treated as on trial, so nothing flickers to "locked" at start-up. */
export function userType({ loading, subscription, now }: AccessInputs): UserType {
  if (loading) return 'trial';
  if (isPremium(subscription, now)) return 'premium';
  if (isOnTrial(subscription, now)) return 'trial';
  return 'basic';
}

/** Whole days left, rounded up, never below 0; 0 while loading. */
export function trialDaysRemaining({ loading, subscription, now }: AccessInputs): number {
  if (loading) return 0;
  const end = timeOf(subscription?.trial_ends_at);
  if (end === null) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/** A trial is offered once per email address, ever: only when no trial_usage record exists. */
export function isTrialEligible(loading: boolean, trialUsageRecord: unknown): boolean {
  return !loading && (trialUsageRecord === null || trialUsageRecord === undefined);
}

/** Recording and every premium feature: premium or trial, and not loading. */
export function canAccessPremium(inputs: AccessInputs): boolean {
  if (inputs.loading) return false;
  const type = userType(inputs);
  return type === 'premium' || type === 'trial';
}

/**
 * An active subscription whose period ends within the next hour, or has already ended, is verified
 * with the billing provider (the renewal may simply not have reached us yet).
 */
export function needsRenewalCheck(subscription: SubscriptionRow | null, now: Date): boolean {
  if (subscription?.status !== 'active') return false;
  const end = timeOf(subscription.current_period_end);
  if (end === null) return false;
  return end <= now.getTime() + SUBSCRIPTION_QUERY.renewalWindowMs;
}
