import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { RateLimiter } from './auth/rate-limiter.ts';
import type { BackendContext } from './backend-context.ts';
import { resolveConfig } from './config.ts';
import type { BackendConfig, BackendOptions } from './config.ts';
import { startAutoAnalyze } from './db/auto-analyze.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { FunctionsRouter } from './functions/functions-router.ts';
import { createRequestHandler } from './http/handle-request.ts';
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
  /** Stops accepting requests, ends open connections and closes the database (flushing PGlite to disk). */
  close(): Promise<void>;
}

/** Starts the local Supabase-compatible backend in-process. */
export async function startBackend(options: BackendOptions = {}): Promise<RunningBackend> {
  const config = resolveConfig(options);
  const { db, appliedMigrations } = await openDatabase(config);
  const keys = await developmentKeys(config.jwtSecret);
  // A PostgreSQL server has autovacuum; embedded PGlite needs its analyze done for it.
  const autoAnalyze = db.kind === 'pglite' ? startAutoAnalyze(db) : null;
  // An idle keep-alive connection stays open for a minute, as behind Supabase's API gateway. With Node's
  // 5 s default, a client whose event loop was busy when its pooled socket expired reused it after the
  // server had closed it, and its request failed with ECONNRESET (Node's HTTP agent does not retry).
  const server = createServer({ requestTimeout: 60_000, keepAliveTimeout: IDLE_CONNECTION_MS });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await autoAnalyze?.stop();
    await db.close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
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
  server.on(
    'request',
    createRequestHandler(
      ctx,
      new FunctionsRouter(ctx, config.functionsDir),
      realtime,
      new StorageRouter(ctx),
    ),
  );
  await realtime.attach(server);
  // A client that sends garbage gets a 400 from Node and the server carries on.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    config,
    appliedMigrations,
    db,
    close() {
      closing ??= (async () => {
        await realtime.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await autoAnalyze?.stop();
        await db.close();
      })();
      return closing;
    },
  };
}
