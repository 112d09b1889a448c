import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SubscriptionContext } from './subscription-context.ts';
import type { SubscriptionRow } from './subscription-rules.ts';
import type { SubscriptionSource } from './subscription-source.ts';
import { useSubscription } from './use-subscription.ts';

const NOW = new Date('2026-11-22T08:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

/** The backend as seen over the network: answers from a row, or fails like an unreachable server. */
function backend(row: SubscriptionRow | null, options: { down?: boolean; trialUsed?: boolean } = {}) {
  const calls = { fetch: 0, verify: 0, trial: 0 };
  const source: SubscriptionSource = {
    fetchSubscription: async () => {
      calls.fetch += 1;
      if (options.down) throw new TypeError('Failed to fetch');
      return row;
    },
    fetchTrialUsage: async () => {
      calls.trial += 1;
      return options.trialUsed ? { email: 'ada@example.com' } : null;
    },
    verifySubscription: async () => {
      calls.verify += 1;
    },
  };
  return { source, calls };
}

let client: QueryClient;

/** useSubscription for user-1, in a fresh client as a new start of the app has. */
function renderAccess(source: SubscriptionSource) {
  const account = { userId: 'user-1', email: 'ada@example.com', source };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SubscriptionContext value={account}>{children}</SubscriptionContext>
    </QueryClientProvider>
  );
  return renderHook(() => useSubscription(new Date()), { wrapper });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useSubscription', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  it('is loading until the backend answers, then says what the user may do', async () => {
    const row = { status: 'active', current_period_end: inDays(20), trial_ends_at: null };
    const { result } = renderAccess(backend(row, { trialUsed: true }).source);
    expect(result.current).toMatchObject({ loading: true, userType: 'trial', canAccessPremium: false });
    await advance(10);
    expect(result.current).toMatchObject({
      loading: false,
      subscription: row,
      userType: 'premium',
      canAccessPremium: true,
      trialEligible: false,
    });
  });

  it('offers a trial to a basic user whose email never had one', async () => {
    const { result } = renderAccess(backend(null).source);
    await advance(10);
    expect(result.current).toMatchObject({ userType: 'basic', trialEligible: true, canAccessPremium: false });
  });

  it('logs a failed fetch, retries it twice, and with nothing known leaves the user basic', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { source, calls } = backend(null, { down: true });
    const { result } = renderAccess(source);
    await advance(10_000);
    expect(calls.fetch).toBe(3);
    expect(
      errors.mock.calls.filter(([message]) => message === 'Fetching the subscription failed'),
    ).toHaveLength(3);
    expect(result.current).toMatchObject({ loading: false, userType: 'basic', canAccessPremium: false });
    errors.mockRestore();
  });

  it('refetches every 30 seconds', async () => {
    const { source, calls } = backend(null);
    renderAccess(source);
    await advance(10);
    expect(calls.fetch).toBe(1);
    await advance(30_000);
    expect(calls.fetch).toBe(2);
  });

  it('verifies a subscription whose period ends within the hour once, and refetches a second later', async () => {
    const row = {
      status: 'active',
      current_period_end: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
      trial_ends_at: null,
    };
    const { source, calls } = backend(row);
    renderAccess(source);
    // A second screen reading the subscription shares the one verification.
    renderAccess(source);
    await advance(10);
    expect(calls.verify).toBe(1);
    expect(calls.fetch).toBe(1);
    await advance(1_000);
    expect(calls.fetch).toBe(2);
    await advance(30_000);
    expect(calls.verify).toBe(1);
  });

  it('does not verify a subscription that runs for more than an hour, or one that is not active', async () => {
    for (const row of [
      { status: 'active', current_period_end: inDays(2), trial_ends_at: null },
      { status: 'canceled', current_period_end: inDays(-2), trial_ends_at: null },
    ]) {
      const { source, calls } = backend(row);
      const view = renderAccess(source);
      await advance(10);
      expect(calls.verify).toBe(0);
      view.unmount();
      client.clear();
    }
  });
});
