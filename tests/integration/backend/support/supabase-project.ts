import pg from 'pg';

import { FIXTURE_SQL } from './fixtures.ts';

/** A real Supabase project's API, from SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY. */
export interface SupabaseProject {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
}

const NEEDED = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

/** The project the environment names, or why there is none (the reason shows in the skipped suites' titles). */
export function supabaseProjectFromEnv(): { project: SupabaseProject } | { missing: string } {
  const absent = NEEDED.filter((name) => !process.env[name]);
  if (absent.length > 0)
    return { missing: `set ${absent.join(', ')} to run against a real Supabase project` };
  return {
    project: {
      url: (process.env['SUPABASE_URL'] ?? '').replace(/\/+$/, ''),
      anonKey: process.env['SUPABASE_ANON_KEY'] ?? '',
      serviceRoleKey: process.env['SUPABASE_SERVICE_ROLE_KEY'] ?? '',
    },
  };
}

/** The fixture tables hold rows from the last run; the suites expect them empty. */
const FIXTURE_TABLES = [
  ['kv', 'k'],
  ['todos', 'id'],
  ['room_members', 'room'],
  ['shouts', 'id'],
] as const;

/**
 * Makes the project ready for a run: applies the test fixtures (docs/backend.md) through SUPABASE_DB_URL when
 * they are missing and that URL is set, else refuses with instructions, then empties the fixture tables with
 * the service role key. Use a throwaway project: a run writes users and rows into it.
 */
export async function prepareSupabaseProject(project: SupabaseProject): Promise<void> {
  const headers = { apikey: project.serviceRoleKey, authorization: `Bearer ${project.serviceRoleKey}` };
  const probe = await fetch(`${project.url}/rest/v1/shouts?select=id&limit=0`, { headers });
  if (probe.status === 404) {
    const databaseUrl = process.env['SUPABASE_DB_URL'];
    if (!databaseUrl)
      throw new Error(
        'The Supabase project lacks the test fixtures: set SUPABASE_DB_URL to let the suite apply them, or run FIXTURE_SQL from tests/integration/backend/support/fixtures.ts in the SQL editor.',
      );
    const connection = new pg.Client({ connectionString: databaseUrl });
    await connection.connect();
    try {
      await connection.query(FIXTURE_SQL);
      await connection.query(`notify pgrst, 'reload schema'`);
    } finally {
      await connection.end();
    }
    // PostgREST reloads its schema cache asynchronously after the NOTIFY.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } else if (!probe.ok) {
    throw new Error(`The Supabase project answered ${probe.status} to the service role: check the keys.`);
  }
  for (const [table, column] of FIXTURE_TABLES) {
    const response = await fetch(`${project.url}/rest/v1/${table}?${column}=not.is.null`, {
      method: 'DELETE',
      headers,
    });
    if (!response.ok)
      throw new Error(`could not empty ${table}: ${response.status} ${await response.text()}`);
  }
}
