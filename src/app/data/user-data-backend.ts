import type { SubscriptionSource } from '../../features/subscription/index.ts';
import type { AuthPort } from '../../sync/ports.ts';
import type { SyncSession } from '../../sync/transport.ts';
import type { UserSync } from './start-user-sync.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';

/**
 * One signed-in user's open database and, when the build can sync, their engine. The data is ready
 * before the engine: screens never wait for supabase-js or the engine to show local data (ADR 0100).
 */
export interface UserConnection {
  /** The database and the commands screens write with; the same objects for the connection's life. */
  data: UserData;
  /**
   * The running engine once sync has started. Null when the build cannot sync, when sync failed to
   * start (reported; the user keeps writing locally) or when the connection closed first. Never rejects.
   */
  sync: Promise<UserSync | null>;
  /** Stops syncing (an engine still starting is stopped as it arrives), then closes the database. */
  close(): void;
}

/**
 * How the provider opens a user's data and keeps their session fresh: the real one loads Dexie, the
 * engine, supabase-js and the transport lazily (app-user-data-backend.ts); tests pass one over
 * fake-indexeddb and the in-memory sync server, so nothing in them reaches the network.
 */
export interface UserDataBackend {
  /** Resolves once the database is open; syncing starts after, see UserConnection.sync. */
  connect(userId: string, auth: AuthPort): Promise<UserConnection>;
  /** Resolves to the refreshed session, or null when it could not be refreshed (the session stays). */
  refreshSession(): Promise<SyncSession | null>;
  /** Where the signed-in user's subscription and trial are read (product spec §7). */
  subscriptions: SubscriptionSource;
}
