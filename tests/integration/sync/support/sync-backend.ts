import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '../../../../server/db/database.ts';
import { startBackend } from '../../../../server/start-backend.ts';
import { createSupabaseSyncTransport } from '../../../../src/lib/sync/supabase-sync-transport.ts';
import type { SyncServer } from '../../../../src/testing/sync/sync-server-model.ts';
import type { TargetName } from '../../backend/support/backend-targets.ts';
import { client, uniqueEmail } from '../../backend/support/clients.ts';
import { startPostgresCluster } from '../../backend/support/postgres-cluster.ts';
import type { PostgresCluster } from '../../backend/support/postgres-cluster.ts';

/** The local backend with the app's own migrations (supabase/migrations), on PGlite or PostgreSQL 15. */
export interface SyncBackend {
  readonly target: TargetName;
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** Direct database access as the owner, for fixtures and assertions (never through RLS). */
  readonly db: Database;
  readonly cluster: PostgresCluster | undefined;
  stop(): Promise<void>;
}

const MANY = { max: 100_000, windowSeconds: 60 };

/** `withFunctions`: serve supabase/functions too, as the app's Edge Functions run beside the database. */
export async function startSyncBackend(
  target: TargetName,
  { withFunctions = false }: { withFunctions?: boolean } = {},
): Promise<SyncBackend> {
  const cluster = target === 'postgres' ? await startPostgresCluster() : undefined;
  try {
    const backend = await startBackend({
      port: 0,
      ...(cluster ? { databaseUrl: cluster.url } : { dataDir: 'memory://' }),
      migrationsDir: 'supabase/migrations',
      ...(withFunctions ? { functionsDir: 'supabase/functions' } : {}),
      rateLimits: { perIp: MANY, perEmail: MANY },
    });
    return {
      target,
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      db: backend.db,
      cluster,
      async stop() {
        await backend.close();
        cluster?.stop();
      },
    };
  } catch (error) {
    cluster?.stop();
    throw error;
  }
}

export interface SignedInUser {
  readonly id: string;
  readonly email: string;
  readonly token: string;
  /** An unmodified supabase-js client holding this user's session. */
  readonly supabase: SupabaseClient;
}

/** The session the sync transport sends for `user`. */
export function syncSession(user: SignedInUser): { userId: string; accessToken: string } {
  return { userId: user.id, accessToken: user.token };
}

export const TEST_PASSWORD = 'correct horse battery 42';

/** Signs a new account up (the backend confirms email automatically) and keeps its session. */
export async function signUpUser(backend: SyncBackend): Promise<SignedInUser> {
  const supabase = client(backend.url, backend.anonKey);
  const email = uniqueEmail('sync');
  const { data, error } = await supabase.auth.signUp({ email, password: TEST_PASSWORD });
  if (error || !data.session || !data.user)
    throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { id: data.user.id, email, token: data.session.access_token, supabase };
}

/** A supabase-js client that sends a given bearer token, valid or not (for 401 and 403 cases). */
export function clientWithToken(backend: SyncBackend, token: string): SupabaseClient {
  return createClient(backend.url, backend.anonKey, { accessToken: async () => token });
}

export function serviceClient(backend: SyncBackend): SupabaseClient {
  return client(backend.url, backend.serviceRoleKey);
}

/**
 * The contract's view of the server: each call goes through the real transport on a supabase-js client
 * carrying `accessToken`, so HTTP statuses arrive as TransportError.status.
 */
export function rpcSyncServer(backend: SyncBackend): SyncServer {
  const clients = new Map<string, SupabaseClient>();
  const transportFor = (token: string, request: unknown) => {
    let supabase = clients.get(token);
    if (!supabase) {
      supabase = clientWithToken(backend, token);
      clients.set(token, supabase);
    }
    const userId = String((request as { user_id?: unknown } | null)?.user_id ?? '');
    return {
      transport: createSupabaseSyncTransport(supabase, userId),
      session: { userId, accessToken: token },
    };
  };
  return {
    push(token, request) {
      const { transport, session } = transportFor(token, request);
      return transport.push(request, session);
    },
    pull(token, request) {
      const { transport, session } = transportFor(token, request);
      return transport.pull(request, session);
    },
  };
}

export async function compact(backend: SyncBackend, userId: string, version: number): Promise<void> {
  const { error } = await serviceClient(backend).rpc('sync_compact', {
    target_user_id: userId,
    up_to_version: version,
  });
  if (error) throw new Error(`sync_compact failed: ${error.message}`);
}
