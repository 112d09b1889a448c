import type { Session } from '@supabase/supabase-js';

import type { AuthPort } from '../../sync/ports.ts';
import type { SyncSession } from '../../sync/transport.ts';

/** The part of a supabase-js session the engine needs: whose it is and the token to send. */
export function toSyncSession(session: Session | null): SyncSession | null {
  if (!session) return null;
  return { userId: session.user.id, accessToken: session.access_token };
}

/**
 * The engine's view of the signed-in session (R32, R33), fed by the auth provider: it follows every
 * supabase-js auth event the provider applies (SIGNED_IN, TOKEN_REFRESHED, SIGNED_OUT, …) and, while
 * offline, the stored session the provider keeps. Listeners hear only a real change (another user or a
 * new token), so a re-render never triggers a sync. `refresh()` is single-flight: a 401 in two places
 * asks supabase-js once. Refreshes are at least `minRefreshIntervalMs` apart: a server that refuses
 * every token (a misconfigured JWT secret) must not turn 401 → refresh → retry into a tight loop
 * against the auth server.
 */
export interface RefreshPacing {
  minRefreshIntervalMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realPacing: RefreshPacing = {
  minRefreshIntervalMs: 30_000,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class SessionAuthPort implements AuthPort {
  private session: SyncSession | null;
  private readonly listeners = new Set<(session: SyncSession | null) => void>();
  private readonly refreshSession: () => Promise<SyncSession | null>;
  private readonly pacing: RefreshPacing;
  private refreshing: Promise<void> | null = null;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;

  /** `refreshSession` resolves to the refreshed session, or null when there is none (yet). */
  constructor(
    refreshSession: () => Promise<SyncSession | null>,
    initial: SyncSession | null = null,
    pacing: RefreshPacing = realPacing,
  ) {
    this.refreshSession = refreshSession;
    this.session = initial;
    this.pacing = pacing;
  }

  current(): SyncSession | null {
    return this.session;
  }

  set(session: SyncSession | null): void {
    const previous = this.session;
    if (previous?.userId === session?.userId && previous?.accessToken === session?.accessToken) return;
    this.session = session;
    for (const listener of [...this.listeners]) listener(session);
  }

  refresh(): Promise<void> {
    this.refreshing ??= this.pacedRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async pacedRefresh(): Promise<void> {
    const { minRefreshIntervalMs, now, sleep } = this.pacing;
    const wait = this.lastRefreshAt + minRefreshIntervalMs - now();
    if (wait > 0) await sleep(wait);
    this.lastRefreshAt = now();
    const session = await this.refreshSession();
    if (session) this.set(session);
  }

  subscribe(listener: (session: SyncSession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
