import type * as TanStackQuery from '@tanstack/react-query';
import type { QueryClient, QueryObserver } from '@tanstack/react-query';

import type { LastKnownSubscription, SubscriptionCache, SubscriptionSource } from './subscription-source.ts';
import { needsRenewalCheck, SUBSCRIPTION_QUERY, type SubscriptionRow } from './subscription-rules.ts';

export interface SubscriptionSnapshot {
  /** Neither the network nor the last known state has answered yet. */
  loading: boolean;
  subscription: SubscriptionRow | null;
  /** Undefined until known; then whether a trial_usage record exists for the email. */
  trialUsed: boolean | undefined;
  /** The subscription query is in error (logged; the last known state still applies). */
  failed: boolean;
}

export interface SubscriptionStorePorts {
  userId: string;
  email: string | null;
  source: SubscriptionSource;
  cache: SubscriptionCache;
  now: () => Date;
  setTimeout: (callback: () => void, ms: number) => unknown;
  logError: (message: string, error: unknown) => void;
  /** TanStack Query, loaded with the user's data rather than on the first screen. */
  loadQuery: () => Promise<Pick<typeof TanStackQuery, 'QueryClient' | 'QueryObserver'>>;
}

/**
 * The subscription and trial record of one user, kept fresh by TanStack Query (refetch every 30 s and
 * on focus, stale after 30 s, cached 5 minutes, 2 retries — product spec §7/§9) and remembered in
 * IndexedDB, so a start-up offline still knows what the user may do.
 */
export class SubscriptionStore {
  private snapshot: SubscriptionSnapshot = {
    loading: true,
    subscription: null,
    trialUsed: undefined,
    failed: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly ports: SubscriptionStorePorts;
  private client: QueryClient | null = null;
  private stopped = false;
  private readonly unsubscribers: (() => void)[] = [];
  private verifiedFor: string | null = null;
  private subscriptionObserver: QueryObserver<SubscriptionRow | null> | null = null;

  constructor(ports: SubscriptionStorePorts) {
    this.ports = ports;
  }

  getSnapshot = (): SubscriptionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async start(): Promise<void> {
    const cached = await this.ports.cache.read().catch((error: unknown) => {
      this.ports.logError('Reading the last known subscription failed', error);
      return null;
    });
    if (this.stopped) return;
    if (cached && this.snapshot.loading) this.set({ loading: false, subscription: cached.subscription });

    const { QueryClient, QueryObserver } = await this.ports.loadQuery();
    if (this.stopped) return;
    const { userId, email, source } = this.ports;
    const client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: SUBSCRIPTION_QUERY.staleTimeMs,
          gcTime: SUBSCRIPTION_QUERY.cacheTimeMs,
          retry: SUBSCRIPTION_QUERY.retries,
          refetchOnWindowFocus: true,
        },
      },
    });
    client.mount();
    this.client = client;

    const subscriptionObserver = new QueryObserver<SubscriptionRow | null>(client, {
      queryKey: ['subscription', userId],
      queryFn: async () => {
        try {
          return await source.fetchSubscription(userId);
        } catch (error) {
          // Product spec §8: logged and rethrown, so the query is in error; no message to the user.
          this.ports.logError('Fetching the subscription failed', error);
          throw error;
        }
      },
      refetchInterval: SUBSCRIPTION_QUERY.refetchIntervalMs,
    });
    this.subscriptionObserver = subscriptionObserver;
    this.unsubscribers.push(
      subscriptionObserver.subscribe((result) => {
        if (result.status === 'success') {
          const subscription = result.data;
          this.set({ loading: false, subscription, failed: false });
          const state: LastKnownSubscription = { subscription, fetchedAt: this.ports.now().toISOString() };
          void this.ports.cache
            .write(state)
            .catch((error: unknown) =>
              this.ports.logError('Keeping the last known subscription failed', error),
            );
          this.checkRenewal(subscription);
        } else if (result.status === 'error') {
          // Without a last known state there is nothing better to go on than "no subscription".
          this.set({ loading: false, failed: true });
        }
      }),
    );

    if (email) {
      const trialObserver = new QueryObserver<boolean>(client, {
        queryKey: ['trial_usage', email],
        queryFn: async () => {
          try {
            return (await source.fetchTrialUsage(email)) != null;
          } catch (error) {
            this.ports.logError('Fetching the trial record failed', error);
            throw error;
          }
        },
      });
      this.unsubscribers.push(
        trialObserver.subscribe((result) => {
          if (result.status === 'success') this.set({ trialUsed: result.data });
        }),
      );
    }
  }

  /** Fetches again now (after a trial started or a checkout came back). */
  async refresh(): Promise<void> {
    await this.client?.invalidateQueries();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
    this.client?.unmount();
    this.client?.clear();
  }

  private checkRenewal(subscription: SubscriptionRow | null): void {
    if (!needsRenewalCheck(subscription, this.ports.now())) return;
    const key = subscription?.current_period_end ?? '';
    if (this.verifiedFor === key) return; // once per period end, not every 30 s
    this.verifiedFor = key;
    this.ports.source.verifySubscription().then(
      () =>
        this.ports.setTimeout(() => {
          if (!this.stopped) void this.subscriptionObserver?.refetch();
        }, SUBSCRIPTION_QUERY.refetchAfterVerifyMs),
      (error: unknown) => this.ports.logError('Verifying the subscription failed', error),
    );
  }

  private set(patch: Partial<SubscriptionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
