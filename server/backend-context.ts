import type { RateLimiter } from './auth/rate-limiter.ts';
import type { BackendConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { SchemaCache } from './rest/schema-cache.ts';

/** What every service handler shares for the lifetime of one running backend. */
export interface BackendContext {
  readonly config: BackendConfig;
  readonly db: Database;
  /** Public base URL, e.g. http://127.0.0.1:54321 (no trailing slash). */
  readonly apiUrl: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly rateLimiter: RateLimiter;
  readonly schemaCache: SchemaCache;
}
