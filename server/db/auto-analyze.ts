import type { Database } from './database.ts';

/** Postgres's autovacuum defaults: analyze a table once 50 rows plus 10% of it changed. */
const THRESHOLD_ROWS = 50;
const SCALE = 0.1;

export interface AutoAnalyze {
  /** Stops the timer and waits for a check under way, so the database can close. */
  stop(): Promise<void>;
}

/**
 * PGlite runs Postgres in single-user mode: there is no autovacuum, so tables are never analyzed and a
 * plan cached while a table was empty (a sequential scan) is kept for good. sync_push then scanned a
 * user's whole notes table for every mutation, and pushes grew slower with every row. This does what
 * autovacuum's analyze does on a Postgres server (and on Supabase): every `intervalMs` it analyzes the
 * tables changed by more than 50 rows + 10% since their last analyze, which also invalidates the plans
 * built on the old statistics.
 */
export function startAutoAnalyze(
  db: Database,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): AutoAnalyze {
  const onError =
    options.onError ??
    ((error: unknown) =>
      console.error(`auto-analyze failed: ${error instanceof Error ? error.message : String(error)}`));
  let running: Promise<void> | null = null;
  let stopped = false;

  async function check(): Promise<void> {
    // Statistics reach pg_stat_user_tables only when flushed; single-user mode flushes lazily.
    await db.query('select pg_stat_force_next_flush()');
    const { rows } = await db.query<{ name: string }>(
      `select format('%I.%I', s.schemaname, s.relname) as name
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.n_mod_since_analyze > $1::int + $2::float8 * greatest(c.reltuples, 0)`,
      [THRESHOLD_ROWS, SCALE],
    );
    // Names come from format('%I.%I'): quoted by Postgres, never built from outside input.
    for (const { name } of rows) {
      if (stopped) return;
      await db.query(`analyze ${name}`);
    }
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = check()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, options.intervalMs ?? 1_000);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
