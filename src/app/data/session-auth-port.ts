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
 * asks supabase-js once.
 */
export class SessionAuthPort implements AuthPort {
  private session: SyncSession | null;
  private readonly listeners = new Set<(session: SyncSession | null) => void>();
  private readonly refreshSession: () => Promise<SyncSession | null>;
  private refreshing: Promise<void> | null = null;

  /** `refreshSession` resolves to the refreshed session, or null when there is none (yet). */
  constructor(refreshSession: () => Promise<SyncSession | null>, initial: SyncSession | null = null) {
    this.refreshSession = refreshSession;
    this.session = initial;
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
    this.refreshing ??= this.refreshSession()
      .then((session) => {
        if (session) this.set(session);
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  subscribe(listener: (session: SyncSession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
