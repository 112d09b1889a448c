import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import type { ApiRequest } from '../http/api-request.ts';
import type { RequestRole } from './request-role.ts';

/** Thrown inside the transaction to discard it (Prefer: tx=rollback) while still answering with `result`. */
export class RollbackWith<T> extends Error {
  readonly result: T;
  constructor(result: T) {
    super('rollback requested');
    this.result = result;
  }
}

/**
 * PostgREST's per-request transaction (Query/PreQuery.hs): role, JWT claims, method, path and headers are
 * set transaction-locally, so RLS policies see exactly what they would on Supabase, and so is the role's
 * own statement_timeout (anon 3 s, authenticated 8 s), as PostgREST applies a role's settings. GET and HEAD run read-only,
 * which makes a volatile function called through GET fail as it does there.
 */
export async function runAsRole<T>(
  ctx: BackendContext,
  request: ApiRequest,
  role: RequestRole,
  readOnly: boolean,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // Credentials stay out of request.headers: policies have auth.jwt() for what they need.
    if (value !== undefined && name !== 'authorization' && name !== 'apikey' && name !== 'cookie')
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      if (readOnly) await tx.query('set transaction read only');
      await tx.query(
        `select set_config('search_path', '"public", "extensions"', true), set_config('role', $1, true),
                set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
                set_config('request.path', $4, true), set_config('request.headers', $5, true),
                set_config('statement_timeout', coalesce(
                  (select substr(c, length('statement_timeout=') + 1)
                     from pg_db_role_setting s, unnest(s.setconfig) c
                    where s.setrole = (select oid from pg_roles where rolname = $1) and s.setdatabase = 0
                      and c like 'statement_timeout=%'),
                  current_setting('statement_timeout')), true)`,
        [
          role.role,
          JSON.stringify({ ...role.claims, role: role.role }),
          request.method,
          request.url.pathname,
          JSON.stringify(headers),
        ],
      );
      return work(tx);
    });
  } catch (error) {
    if (error instanceof RollbackWith) return error.result as T;
    throw error;
  }
}
