import { describe, expect, it } from 'vitest';

import {
  canAccessPremium,
  isOnTrial,
  isTrialEligible,
  needsRenewalCheck,
  SUBSCRIPTION_QUERY,
  trialDaysRemaining,
  userType,
  type SubscriptionRow,
} from './subscription-rules.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const row = (overrides: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  status: null,
  current_period_end: null,
  trial_ends_at: null,
  ...overrides,
});

describe('user type', () => {
  it('is trial while loading, whatever the rows say', () => {
    expect(userType({ loading: true, subscription: null, now })).toBe('trial');
    expect(
      userType({ loading: true, subscription: row({ status: 'active', current_period_end: at(DAY) }), now }),
    ).toBe('trial');
  });

  it('is premium when active and the period ends in the future', () => {
    expect(
      userType({ loading: false, subscription: row({ status: 'active', current_period_end: at(1) }), now }),
    ).toBe('premium');
  });

  it('is not premium when the period ends exactly now, or ended', () => {
    expect(
      userType({ loading: false, subscription: row({ status: 'active', current_period_end: at(0) }), now }),
    ).toBe('basic');
    expect(
      userType({ loading: false, subscription: row({ status: 'active', current_period_end: at(-1) }), now }),
    ).toBe('basic');
  });

  it('is not premium when the status is anything but active', () => {
    for (const status of ['canceled', 'past_due', 'trialing', 'incomplete', null]) {
      expect(
        userType({ loading: false, subscription: row({ status, current_period_end: at(DAY) }), now }),
      ).toBe('basic');
    }
  });

  it('is trial when the trial ends in the future, basic from the moment it ends', () => {
    expect(userType({ loading: false, subscription: row({ trial_ends_at: at(1) }), now })).toBe('trial');
    expect(userType({ loading: false, subscription: row({ trial_ends_at: at(0) }), now })).toBe('basic');
  });

  it('prefers premium over trial', () => {
    const both = row({ status: 'active', current_period_end: at(DAY), trial_ends_at: at(DAY) });
    expect(userType({ loading: false, subscription: both, now })).toBe('premium');
  });

  it('is basic with no subscription row, or with unreadable dates', () => {
    expect(userType({ loading: false, subscription: null, now })).toBe('basic');
    expect(
      userType({ loading: false, subscription: row({ status: 'active', current_period_end: 'soon' }), now }),
    ).toBe('basic');
  });
});

describe('trial', () => {
  it('is on trial only while trial_ends_at is in the future', () => {
    expect(isOnTrial(row({ trial_ends_at: at(1) }), now)).toBe(true);
    expect(isOnTrial(row({ trial_ends_at: at(0) }), now)).toBe(false);
    expect(isOnTrial(null, now)).toBe(false);
  });

  it.each([
    [1, 1],
    [DAY - 1, 1],
    [DAY, 1],
    [DAY + 1, 2],
    [7 * DAY, 7],
    [0, 0],
    [-DAY, 0],
  ])('counts %i ms left as %i days (rounded up, never below 0)', (left, days) => {
    expect(trialDaysRemaining({ loading: false, subscription: row({ trial_ends_at: at(left) }), now })).toBe(
      days,
    );
  });

  it('has 0 days while loading or without a trial', () => {
    expect(
      trialDaysRemaining({ loading: true, subscription: row({ trial_ends_at: at(3 * DAY) }), now }),
    ).toBe(0);
    expect(trialDaysRemaining({ loading: false, subscription: null, now })).toBe(0);
  });

  it('is offered only when not loading and no trial_usage record exists', () => {
    expect(isTrialEligible(false, null)).toBe(true);
    expect(isTrialEligible(false, undefined)).toBe(true);
    expect(isTrialEligible(false, { email: 'ada@example.com' })).toBe(false);
    expect(isTrialEligible(true, null)).toBe(false);
  });
});

describe('premium features and recording', () => {
  it('are open to premium and trial users', () => {
    expect(
      canAccessPremium({
        loading: false,
        subscription: row({ status: 'active', current_period_end: at(DAY) }),
        now,
      }),
    ).toBe(true);
    expect(canAccessPremium({ loading: false, subscription: row({ trial_ends_at: at(DAY) }), now })).toBe(
      true,
    );
  });

  it('are closed to basic users and while loading', () => {
    expect(canAccessPremium({ loading: false, subscription: null, now })).toBe(false);
    expect(
      canAccessPremium({
        loading: true,
        subscription: row({ status: 'active', current_period_end: at(DAY) }),
        now,
      }),
    ).toBe(false);
  });
});

describe('renewal check', () => {
  it('runs for an active subscription ending within the hour or already ended', () => {
    expect(needsRenewalCheck(row({ status: 'active', current_period_end: at(HOUR) }), now)).toBe(true);
    expect(needsRenewalCheck(row({ status: 'active', current_period_end: at(HOUR - 1) }), now)).toBe(true);
    expect(needsRenewalCheck(row({ status: 'active', current_period_end: at(-DAY) }), now)).toBe(true);
  });

  it('does not run further out, for inactive subscriptions, or without a period end', () => {
    expect(needsRenewalCheck(row({ status: 'active', current_period_end: at(HOUR + 1) }), now)).toBe(false);
    expect(needsRenewalCheck(row({ status: 'canceled', current_period_end: at(0) }), now)).toBe(false);
    expect(needsRenewalCheck(row({ status: 'active' }), now)).toBe(false);
    expect(needsRenewalCheck(null, now)).toBe(false);
  });

  it('uses the spec timings', () => {
    expect(SUBSCRIPTION_QUERY).toEqual({
      refetchIntervalMs: 30_000,
      staleTimeMs: 30_000,
      cacheTimeMs: 300_000,
      retries: 2,
      renewalWindowMs: 3_600_000,
      refetchAfterVerifyMs: 1_000,
    });
  });
});
