import type { AuthPort } from '../../sync/ports.ts';
import type { SyncSession } from '../../sync/transport.ts';
import type { UserSync } from './start-user-sync.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';

/** One signed-in user's open database and, when the build can sync, their running engine. */
export interface UserConnection {
  data: UserData;
  sync: UserSync | null;
  /** Stops syncing, then closes the database. */
  close(): void;
}

/**
 * How the provider opens a user's data and keeps their session fresh: the real one loads Dexie, the
 * engine, supabase-js and the transport lazily (app-user-data-backend.ts); tests pass one over
 * fake-indexeddb and the in-memory sync server.
 */
export interface UserDataBackend {
  connect(userId: string, auth: AuthPort): Promise<UserConnection>;
  /** Resolves to the refreshed session, or null when it could not be refreshed (the session stays). */
  refreshSession(): Promise<SyncSession | null>;
}
