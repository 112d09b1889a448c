import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Database } from './database.ts';

/** Supabase CLI naming: `<version>_<name>.sql`, applied in lexical (timestamp) order. */
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/**
 * Applies every not-yet-recorded file of `dir` in order, each in its own transaction together with its
 * record in supabase_migrations.schema_migrations, so a failing file leaves no half-applied state and runs
 * again next start. Returns the versions applied now.
 */
export async function runMigrations(db: Database, dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort();
  const applied = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((row) => row.version),
  );
  const appliedNow: string[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = MIGRATION_FILE.exec(file) ?? [];
    if (applied.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3])',
          [version, name, sql],
        );
      });
    } catch (error) {
      throw new Error(`migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    appliedNow.push(version);
  }
  return appliedNow;
}
