import type { BackendOptions } from '../../../../server/config.ts';
import { startBackend } from '../../../../server/start-backend.ts';
import { fixtureMigrationsDir } from './fixtures.ts';
import { startPostgresCluster } from './postgres-cluster.ts';
import type { PostgresCluster } from './postgres-cluster.ts';

export interface TestBackend {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** Starts another backend on the same kind of database with different options (closed by `stop`). */
  startVariant(options: BackendOptions): Promise<{ url: string; anonKey: string }>;
  /** The PostgreSQL cluster behind it, when there is one. */
  readonly cluster: PostgresCluster | undefined;
  stop(): Promise<void>;
}

export type TargetName = 'pglite' | 'postgres';

/** Backend settings every conformance run shares: a short refresh reuse interval keeps reuse tests fast. */
const BASE_OPTIONS: BackendOptions = { port: 0, refreshTokenReuseIntervalSeconds: 1 };

/**
 * Starts the backend in-process on a free port, on embedded PGlite (in memory) or on a throwaway
 * PostgreSQL 15 cluster, with the test fixtures applied as a migration.
 */
export async function startTestBackend(
  target: TargetName,
  options: BackendOptions = {},
): Promise<TestBackend> {
  const migrationsDir = fixtureMigrationsDir();
  const cluster = target === 'postgres' ? await startPostgresCluster() : undefined;
  const databaseOptions = (): BackendOptions =>
    cluster ? { databaseUrl: cluster.url } : { dataDir: 'memory://' };
  const variants: { close(): Promise<void> }[] = [];
  try {
    const backend = await startBackend({ ...BASE_OPTIONS, ...databaseOptions(), migrationsDir, ...options });
    return {
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      cluster,
      async startVariant(variantOptions) {
        const variant = await startBackend({
          ...BASE_OPTIONS,
          ...databaseOptions(),
          migrationsDir,
          ...variantOptions,
        });
        variants.push(variant);
        return { url: variant.url, anonKey: variant.anonKey };
      },
      async stop() {
        for (const variant of variants) await variant.close();
        await backend.close();
        cluster?.stop();
      },
    };
  } catch (error) {
    cluster?.stop();
    throw error;
  }
}

export const TARGETS: readonly TargetName[] = ['pglite', 'postgres'];
