import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { RateLimiter } from './auth/rate-limiter.ts';
import type { BackendContext } from './backend-context.ts';
import { resolveConfig } from './config.ts';
import type { BackendConfig, BackendOptions } from './config.ts';
import { startAutoAnalyze } from './db/auto-analyze.ts';
import type { Database } from './db/database.ts';
import { lockDataDir } from './db/lock-data-dir.ts';
import { openDatabase } from './db/open-database.ts';
import { FunctionsRouter } from './functions/functions-router.ts';
import { drainServer, InFlightRequests } from './http/drain-server.ts';
import { createRequestHandler } from './http/handle-request.ts';
import { sendJson } from './http/send.ts';
import { developmentKeys } from './keys.ts';
import { RealtimeServer } from './realtime/realtime-server.ts';
import { SchemaCache } from './rest/schema-cache.ts';
import { StorageRouter } from './storage/storage-router.ts';

/** How long an idle keep-alive connection is kept open. */
const IDLE_CONNECTION_MS = 60_000;

export interface RunningBackend {
  /** e.g. http://127.0.0.1:54321 — pass it to createClient(). */
  readonly url: string;
  readonly port: number;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly config: BackendConfig;
  /** Migration versions applied during this start. */
  readonly appliedMigrations: readonly string[];
  /** Direct database access for tooling and test fixtures (runs as the database owner, not through RLS). */
  readonly db: Database;
  /**
   * A graceful stop: stops accepting, lets requests in progress finish (up to the configured grace
   * period), then closes the database (flushing PGlite to disk) and releases the data directory.
   */
  close(): Promise<void>;
  /**
   * As `supabase secrets set` / `unset` on a hosted project: sets (or, for undefined, removes) the Edge
   * Functions' secrets on top of the backend's environment; running functions restart to read them.
   */
  setFunctionSecrets(secrets: Readonly<Record<string, string | undefined>>): Promise<void>;
}

/** Answers a request that arrives while the backend starts or stops: retryable, and says which. */
function unavailable(raw: IncomingMessage, res: ServerResponse, message: string): void {
  res.setHeader('Connection', 'close');
  sendJson(raw, res, 503, { code: 'service_unavailable', message }, { 'Retry-After': '1' });
}

/**
 * Starts the local Supabase-compatible backend in-process. Order matters: the data directory is taken and
 * the port bound before the database opens, so a second backend on either fails at once and touches nothing.
 */
export async function startBackend(options: BackendOptions = {}): Promise<RunningBackend> {
  const config = resolveConfig(options);
  const onDisk = !config.databaseUrl && !config.dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(config.dataDir, { recursive: true });
  const releaseDataDir = onDisk ? lockDataDir(config.dataDir) : () => undefined;

  // An idle keep-alive connection stays open for a minute, as behind Supabase's API gateway. With Node's
  // 5 s default, a client whose event loop was busy when its pooled socket expired reused it after the
  // server had closed it, and its request failed with ECONNRESET (Node's HTTP agent does not retry).
  const server = createServer({ requestTimeout: 60_000, keepAliveTimeout: IDLE_CONNECTION_MS });
  const inFlight = new InFlightRequests();
  // Until the database is open there is nothing to serve; once closing starts, nothing new is taken.
  const state: { serve?: (raw: IncomingMessage, res: ServerResponse) => void; draining: boolean } = {
    draining: false,
  };
  server.on('request', (raw: IncomingMessage, res: ServerResponse) => {
    if (state.draining) unavailable(raw, res, 'The backend is stopping. Retry shortly.');
    else if (!state.serve) unavailable(raw, res, 'The backend is starting. Retry shortly.');
    else {
      inFlight.track(res);
      state.serve(raw, res);
    }
  });
  // A client that sends garbage gets a 400 from Node and the server carries on.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    releaseDataDir();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config);
  } catch (error) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    releaseDataDir();
    throw error;
  }
  const { db, appliedMigrations } = opened;
  const keys = await developmentKeys(config.jwtSecret);
  // A PostgreSQL server has autovacuum; embedded PGlite needs its analyze done for it.
  const autoAnalyze = db.kind === 'pglite' ? startAutoAnalyze(db) : null;
  const ctx: BackendContext = {
    config,
    db,
    apiUrl: url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    rateLimiter: new RateLimiter(),
    schemaCache: new SchemaCache(db),
  };
  const realtime = new RealtimeServer(ctx);
  const functions = new FunctionsRouter(ctx, config.functionsDir);
  state.serve = createRequestHandler(ctx, functions, realtime, new StorageRouter(ctx));
  await realtime.attach(server);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    config,
    appliedMigrations,
    db,
    setFunctionSecrets: (secrets) => functions.setSecrets(secrets),
    close() {
      closing ??= (async () => {
        state.draining = true;
        try {
          await realtime.close();
          await drainServer(server, inFlight, config.shutdownGraceSeconds * 1000);
          await autoAnalyze?.stop();
          await db.close();
        } finally {
          // No Deno process outlives the backend, whatever failed above.
          await functions.close();
          releaseDataDir();
        }
      })();
      return closing;
    },
  };
}
