import type { Database } from '../../../server/db/database.ts';
import { startBackend } from '../../../server/start-backend.ts';
import { SUPABASE_URL } from '../../e2e/support/session.ts';
import { startPostgresCluster } from '../../integration/backend/support/postgres-cluster.ts';
import type { BenchTarget } from './bench-backend.ts';

const MANY = { max: 100_000, windowSeconds: 60 };

export interface AppBackend {
  /** Where the bench build's supabase-js client goes (VITE_SUPABASE_URL, or API_PORT's default). */
  readonly url: string;
  /** The owner connection of a backend this bench started; none for a backend already running. */
  readonly db: Database | undefined;
  close(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/auth/v1/health`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The backend a browser benchmark's signed-in pages talk to: a backend already answering at the build's
 * URL (a developer's `npm start`) is used as it is; otherwise a throwaway one is started on that port
 * with the app's migrations, on embedded PGlite or on a fresh PostgreSQL 15 cluster, and closed
 * afterwards (the cluster with it).
 */
export async function openAppBackend(
  log: (line: string) => void,
  target: BenchTarget = 'pglite',
): Promise<AppBackend> {
  if (await answers(SUPABASE_URL)) {
    log(`bench: using the backend already running at ${SUPABASE_URL}`);
    return { url: SUPABASE_URL, db: undefined, close: async () => undefined };
  }
  const cluster = target === 'postgres' ? await startPostgresCluster() : undefined;
  try {
    const backend = await startBackend({
      port: Number(new URL(SUPABASE_URL).port),
      ...(cluster ? { databaseUrl: cluster.url } : { dataDir: 'memory://' }),
      migrationsDir: 'supabase/migrations',
      rateLimits: { perIp: MANY, perEmail: MANY },
    });
    log(`bench: started a local backend at ${backend.url} on ${cluster ? 'PostgreSQL 15' : 'PGlite'}`);
    return {
      url: backend.url,
      db: backend.db,
      async close() {
        await backend.close();
        cluster?.stop();
      },
    };
  } catch (error) {
    cluster?.stop();
    throw error;
  }
}
