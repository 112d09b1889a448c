import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LastKnownSubscription, SubscriptionCache, SubscriptionSource } from './subscription-source.ts';
import type { SubscriptionRow } from './subscription-rules.ts';
import { SubscriptionStore } from './subscription-store.ts';

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

function memoryCache(initial: LastKnownSubscription | null = null) {
  let stored = initial;
  const cache: SubscriptionCache = {
    read: async () => stored,
    write: async (state) => {
      stored = state;
    },
  };
  return { cache, stored: () => stored };
}

function storeWith(source: SubscriptionSource, cache: SubscriptionCache, errors: string[] = []) {
  return new SubscriptionStore({
    userId: 'user-1',
    email: 'ada@example.com',
    source,
    cache,
    now: () => new Date(Date.now()),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    logError: (message) => errors.push(message),
    loadQuery: () => import('@tanstack/react-query'),
  });
}

describe('SubscriptionStore', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is loading until an answer arrives, then keeps the fetched row as the last known state', async () => {
    const row = { status: 'active', current_period_end: inDays(20), trial_ends_at: null };
    const { source } = backend(row, { trialUsed: true });
    const { cache, stored } = memoryCache();
    const store = storeWith(source, cache);
    expect(store.getSnapshot().loading).toBe(true);
    await store.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getSnapshot()).toMatchObject({
      loading: false,
      subscription: row,
      trialUsed: true,
      failed: false,
    });
    expect(stored()).toEqual({ subscription: row, fetchedAt: NOW.toISOString() });
    store.stop();
  });

  it('starts offline from the last known state, logs the failed fetch after 2 retries and shows nothing', async () => {
    const row = { status: 'active', current_period_end: inDays(20), trial_ends_at: null };
    const { source, calls } = backend(null, { down: true });
    const errors: string[] = [];
    const store = storeWith(source, memoryCache({ subscription: row, fetchedAt: inDays(-1) }).cache, errors);
    await store.start();
    expect(store.getSnapshot()).toMatchObject({ loading: false, subscription: row });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.fetch).toBe(3);
    expect(store.getSnapshot()).toMatchObject({ subscription: row, failed: true });
    expect(errors.filter((message) => message === 'Fetching the subscription failed')).toHaveLength(3);
    store.stop();
  });

  it('refetches every 30 seconds', async () => {
    const { source, calls } = backend(null);
    const store = storeWith(source, memoryCache().cache);
    await store.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.fetch).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.fetch).toBe(2);
    store.stop();
  });

  it('verifies a subscription whose period ends within the hour once, and refetches a second later', async () => {
    const row = {
      status: 'active',
      current_period_end: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
      trial_ends_at: null,
    };
    const { source, calls } = backend(row);
    const store = storeWith(source, memoryCache().cache);
    await store.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.verify).toBe(1);
    expect(calls.fetch).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.fetch).toBe(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.verify).toBe(1);
    store.stop();
  });

  it('does not verify a subscription that runs for more than an hour, or one that is not active', async () => {
    for (const row of [
      { status: 'active', current_period_end: inDays(2), trial_ends_at: null },
      { status: 'canceled', current_period_end: inDays(-2), trial_ends_at: null },
    ]) {
      const { source, calls } = backend(row);
      const store = storeWith(source, memoryCache().cache);
      await store.start();
      await vi.advanceTimersByTimeAsync(10);
      expect(calls.verify).toBe(0);
      store.stop();
    }
  });
});
