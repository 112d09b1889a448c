/**
 * One interface over embedded PGlite and a PostgreSQL server, so the HTTP layer never knows which it runs on.
 *
 * Invariant: every parameter travels as text (or null) with an unspecified type, so Postgres infers it from
 * context exactly as it does for PostgREST's literals; callers add `::type` casts where inference needs help.
 * Anything whose JSON shape matters is rendered by Postgres itself (`json_agg(...)::text`), which keeps the two
 * drivers' different JS type parsers out of every response.
 */
export type DbParam = string | number | boolean | null;

export interface QueryResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly DbParam[]): Promise<QueryResult<Row>>;
  /** Runs a multi-statement script without parameters (bootstrap and migration files). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: COMMIT when it resolves, ROLLBACK when it throws (the error is rethrown). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel`; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The fields of a Postgres error the API maps to responses (same names on PGlite and `pg`). */
export interface PgError {
  readonly code: string;
  readonly message: string;
  readonly detail?: string | undefined;
  readonly hint?: string | undefined;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
