import { afterEach, describe, expect, it } from 'vitest';

import { startAutoAnalyze, type AutoAnalyze } from './auto-analyze.ts';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';

async function tableStats(db: Database, table: string) {
  const { rows } = await db.query<{ reltuples: number; analyzed: boolean }>(
    `select c.reltuples::float8 as reltuples, s.last_analyze is not null as analyzed
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
    [table],
  );
  return rows[0];
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('auto-analyze on PGlite (no autovacuum in single-user mode)', () => {
  let db: Database;
  let analyzer: AutoAnalyze | undefined;

  afterEach(async () => {
    await analyzer?.stop();
    await db.close();
  });

  it('analyzes a table once it changed past 50 rows + 10%, and leaves a barely touched one alone', async () => {
    db = await openPgliteDatabase('memory://');
    await db.exec(`create table grown (id int primary key, v text);
                   create table touched (id int primary key, v text);`);
    const errors: unknown[] = [];
    analyzer = startAutoAnalyze(db, { intervalMs: 20, onError: (error) => errors.push(error) });
    await db.query(`insert into grown select g, 'x' from generate_series(1, 2000) g`);
    await db.query(`insert into touched select g, 'x' from generate_series(1, 10) g`);

    await until(async () => (await tableStats(db, 'grown'))?.analyzed === true);
    expect(await tableStats(db, 'grown')).toEqual({ reltuples: 2000, analyzed: true });
    // Several more checks run; the table with 10 changed rows stays below the threshold.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await tableStats(db, 'touched'))?.analyzed).toBe(false);
    expect(errors).toEqual([]);
  });

  it('lets the database close while a check may be under way', async () => {
    db = await openPgliteDatabase('memory://');
    analyzer = startAutoAnalyze(db, { intervalMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await analyzer.stop();
    analyzer = undefined;
    await expect(db.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});
