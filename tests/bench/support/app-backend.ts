import type { Database } from '../../../server/db/database.ts';
import { startBackend } from '../../../server/start-backend.ts';
import { SUPABASE_URL } from '../../e2e/support/session.ts';

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
 * URL (a developer's `npm start`) is used as it is; otherwise a throwaway one on embedded PGlite is
 * started on that port with the app's migrations and closed afterwards.
 */
export async function openAppBackend(log: (line: string) => void): Promise<AppBackend> {
  if (await answers(SUPABASE_URL)) {
    log(`bench: using the backend already running at ${SUPABASE_URL}`);
    return { url: SUPABASE_URL, db: undefined, close: async () => undefined };
  }
  const backend = await startBackend({
    port: Number(new URL(SUPABASE_URL).port),
    dataDir: 'memory://',
    migrationsDir: 'supabase/migrations',
    rateLimits: { perIp: MANY, perEmail: MANY },
  });
  log(`bench: started a local backend at ${backend.url}`);
  return { url: backend.url, db: backend.db, close: () => backend.close() };
}
