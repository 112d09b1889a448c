import pg from 'pg';

import { BOOTSTRAP_SQL } from '../../../../server/db/bootstrap-sql.ts';
import type { Database } from '../../../../server/db/database.ts';
import { openPgDatabase } from '../../../../server/db/pg-database.ts';
import { runMigrations } from '../../../../server/db/run-migrations.ts';
import { STORAGE_BOOTSTRAP_SQL } from '../../../../server/storage/storage-bootstrap-sql.ts';
import { startPostgresCluster, type PostgresCluster } from '../../backend/support/postgres-cluster.ts';

/**
 * What a hosted project gives the `postgres` role before any migration (hosted-supabase.md, "Roles and
 * limits"): not a superuser; BYPASSRLS; owns `public`; uses the platform's schemas; holds TRIGGER on
 * `auth.users` and may reference it; reads the auth tables its security-definer functions consult; may
 * switch to the API roles. The Studio setting of 2026 revokes default privileges in `public` for objects
 * `postgres` creates.
 *
 * One approximation: supautils' `policy_grants` lets `postgres` create policies on `storage.objects` and
 * `realtime.messages` without owning them. Plain PostgreSQL lets only an owner do that, so here both tables
 * belong to a role `postgres` is a member of; `postgres` could alter those two tables, which hosted forbids.
 */
const HOSTED_ROLES_SQL = /* sql */ `
create role postgres login nosuperuser createrole createdb bypassrls;
grant create on database postgres to postgres;
alter schema public owner to postgres;
grant usage on schema auth, storage, realtime, extensions to postgres;
grant select, references, trigger on auth.users to postgres;
grant select on all tables in schema auth to postgres;
grant anon, authenticated, service_role to postgres;
create role policy_grants nologin;
alter table storage.objects owner to policy_grants;
alter table realtime.messages owner to policy_grants;
grant policy_grants to postgres;
alter role authenticator login;
-- The Supabase CLI creates its migration history as postgres.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from public;
`;

export interface HostedLikeProject {
  readonly cluster: PostgresCluster;
  /** The platform's superuser: fixtures that the auth service would write (users, factors). */
  readonly admin: Database;
  /** PostgREST's login role, which switches to anon, authenticated or service_role per request. */
  readonly authenticator: pg.Pool;
  readonly appliedMigrations: readonly string[];
  stop(): Promise<void>;
}

/** PostgreSQL 15 set up as a hosted project, with `supabase/migrations` applied as `postgres`. */
export async function startHostedLikeProject(): Promise<HostedLikeProject> {
  const cluster = await startPostgresCluster({ superuser: 'supabase_admin' });
  const url = new URL(cluster.url);
  const as = (user: string) => {
    const forUser = new URL(url);
    forUser.username = user;
    return forUser.toString();
  };
  let admin: Database | undefined;
  let owner: Database | undefined;
  try {
    admin = await openPgDatabase(cluster.url);
    await admin.transaction((tx) => tx.exec(BOOTSTRAP_SQL + STORAGE_BOOTSTRAP_SQL + HOSTED_ROLES_SQL));
    owner = await openPgDatabase(as('postgres'));
    const appliedMigrations = await runMigrations(owner, 'supabase/migrations');
    await owner.close();
    owner = undefined;
    const authenticator = new pg.Pool({ connectionString: as('authenticator'), max: 4 });
    const adminDb = admin;
    return {
      cluster,
      admin: adminDb,
      authenticator,
      appliedMigrations,
      async stop() {
        await authenticator.end();
        await adminDb.close();
        cluster.stop();
      },
    };
  } catch (error) {
    await owner?.close();
    await admin?.close();
    cluster.stop();
    throw error;
  }
}
