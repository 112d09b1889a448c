import { describe, it } from 'vitest';

import type { BackendOptions } from '../../../../server/config.ts';
import type { Database } from '../../../../server/db/database.ts';
import { startBackend } from '../../../../server/start-backend.ts';
import { fixtureMigrationsDir } from './fixtures.ts';
import { startPostgresCluster } from './postgres-cluster.ts';
import type { PostgresCluster } from './postgres-cluster.ts';
import { prepareSupabaseProject, supabaseProjectFromEnv } from './supabase-project.ts';

export interface TestBackend {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** Direct database access as the owner, for fixtures (never through RLS); none on a real Supabase project. */
  readonly db: Database | undefined;
  /** Starts another backend on the same kind of database with different options (closed by `stop`). */
  startVariant(options: BackendOptions): Promise<{ url: string; anonKey: string }>;
  /** The PostgreSQL cluster behind it, when there is one. */
  readonly cluster: PostgresCluster | undefined;
  stop(): Promise<void>;
}

/** The local backend on PGlite or on PostgreSQL 15, or a real Supabase project. */
export type TargetName = 'pglite' | 'postgres' | 'supabase';

/** Backend settings every conformance run shares: a short refresh reuse interval keeps reuse tests fast. */
const BASE_OPTIONS: BackendOptions = { port: 0, refreshTokenReuseIntervalSeconds: 1 };

/**
 * Starts the backend in-process on a free port, on embedded PGlite (in memory) or on a throwaway
 * PostgreSQL 15 cluster, with the test fixtures applied as a migration; or, for 'supabase', readies the real
 * project the environment names (see supabase-project.ts), which has no variants and nothing to stop.
 */
export async function startTestBackend(
  target: TargetName,
  options: BackendOptions = {},
): Promise<TestBackend> {
  if (target === 'supabase') {
    const found = supabaseProjectFromEnv();
    if ('missing' in found) throw new Error(found.missing);
    await prepareSupabaseProject(found.project);
    return {
      ...found.project,
      db: undefined,
      cluster: undefined,
      startVariant: () => Promise.reject(new Error('a real Supabase project has no variants')),
      stop: () => Promise.resolve(),
    };
  }
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
      db: backend.db,
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

/** The local targets: suites about the local backend itself (restarts, bad input, its CLI) run on these. */
export const TARGETS: readonly TargetName[] = ['pglite', 'postgres'];

type TestFunction = () => Promise<void>;

/** What a conformance suite's body gets besides the target's name. */
export interface TargetTools {
  /** True on the local backend, which has the mailbox, the development IdP, variants and a known JWT secret. */
  readonly local: boolean;
  /**
   * `it` on the local backend; on a real Supabase project the test is skipped, and its title says which
   * local facility it needs (the mailbox, the development identity provider, a variant's settings…).
   */
  localIt(needs: string): (name: string, fn: TestFunction, timeout?: number) => void;
}

/**
 * The conformance suites' `describe`: once per local target, and once for a real Supabase project, which is
 * skipped, with the reason in its title, unless SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY
 * are set.
 */
export function describeOnTargets(
  title: string,
  body: (target: TargetName, tools: TargetTools) => void,
): void {
  for (const target of TARGETS) {
    describe(`${title} on ${target}`, () =>
      body(target, { local: true, localIt: () => (name, fn, timeout) => it(name, fn, timeout) }));
  }
  const found = supabaseProjectFromEnv();
  const skipped = 'missing' in found;
  describe.skipIf(skipped)(`${title} on supabase${skipped ? ` (skipped: ${found.missing})` : ''}`, () =>
    body('supabase', {
      local: false,
      localIt: (needs) => (name, fn) => it.skipIf(true)(`${name} (needs the local backend's ${needs})`, fn),
    }),
  );
}
