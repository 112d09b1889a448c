import { STORAGE_BOOTSTRAP_SQL } from '../storage/storage-bootstrap-sql.ts';
import { BOOTSTRAP_SQL } from './bootstrap-sql.ts';
import type { Database } from './database.ts';
import { openPgDatabase } from './pg-database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { runMigrations } from './run-migrations.ts';

export interface OpenedDatabase {
  readonly db: Database;
  readonly appliedMigrations: string[];
}

/** Opens PGlite or the server named by `databaseUrl`, installs the platform objects, then applies migrations. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  migrationsDir: string;
}): Promise<OpenedDatabase> {
  const db = options.databaseUrl
    ? await openPgDatabase(options.databaseUrl)
    : await openPgliteDatabase(options.dataDir);
  try {
    // The storage schema exists before migrations, as on Supabase, so one migration file serves both.
    await db.transaction((tx) => tx.exec(BOOTSTRAP_SQL + STORAGE_BOOTSTRAP_SQL));
    const appliedMigrations = await runMigrations(db, options.migrationsDir);
    return { db, appliedMigrations };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
