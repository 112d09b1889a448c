import type { PgError } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';

/** PostgREST's error body: the four keys are always present, null when empty (Error.hs). */
export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): ApiError {
  return new ApiError(
    status,
    { code, details, hint, message },
    { 'Proxy-Status': `PostgREST; error=${code}`, ...headers },
  );
}

export const badQuery = (message: string, details: string | null = null) =>
  restError(400, 'PGRST100', message, details);

/** PostgREST mapSQLtoHTTP for the SQLSTATEs an app meets; anything unlisted from a request is a 400. */
function statusForSqlState(code: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23505' || code === '23503' || code === '40001' || code === '40P01') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === '57014') return 500; // statement timeout
  if (code.startsWith('PT')) {
    const custom = Number(code.slice(2));
    return custom >= 400 && custom <= 599 ? custom : 400;
  }
  if (code.startsWith('08') || code.startsWith('53') || code === '57P01' || code === '57P03') return 503;
  if (code.startsWith('XX') || code.startsWith('58')) return 500;
  return 400;
}

export function mapPgError(error: PgError, authenticated: boolean): ApiError {
  return restError(
    statusForSqlState(error.code, authenticated),
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  );
}

/** The database could not be reached (a restart, a dropped connection): retryable, as PostgREST's PGRST000. */
export const databaseUnavailable = () =>
  restError(503, 'PGRST000', 'Database client error. Retrying the connection.', null, null, {
    'Retry-After': '1',
  });
