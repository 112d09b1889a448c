import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import type { ApiRequest } from '../http/api-request.ts';
import { headerValue } from '../http/api-request.ts';
import { authError } from './auth-error.ts';
import type { JwtClaims } from './jwt.ts';
import { verifyJwt } from './jwt.ts';
import { findUserById } from './user-json.ts';
import type { UserRow } from './user-json.ts';

export interface AuthenticatedUser {
  readonly claims: JwtClaims;
  readonly user: UserRow;
  readonly sessionId: string | undefined;
}

/** Reads the bearer token of a user-scoped auth call and checks it as GoTrue's requireAuthentication does. */
export function bearerToken(request: ApiRequest): string | undefined {
  const header = headerValue(request.headers, 'authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export async function requireUser(
  ctx: BackendContext,
  request: ApiRequest,
  q: Queryable,
): Promise<AuthenticatedUser> {
  const token = bearerToken(request);
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await verifyJwt(token, ctx.config.jwtSecret);
  if (!verified.ok) {
    const why =
      verified.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'unable to parse or verify signature';
    throw authError(403, 'bad_jwt', `invalid JWT: ${why}`);
  }
  const sub = verified.claims.sub;
  if (typeof sub !== 'string' || sub === '')
    throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f-]{36}$/i.test(sub))
    throw authError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(q, sub);
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId =
    typeof verified.claims['session_id'] === 'string' ? verified.claims['session_id'] : undefined;
  if (sessionId !== undefined) {
    const { rows } = await q.query('select 1 from auth.sessions where id = $1::uuid and user_id = $2::uuid', [
      /^[0-9a-f-]{36}$/i.test(sessionId) ? sessionId : '00000000-0000-0000-0000-000000000000',
      user.id,
    ]);
    if (rows.length === 0)
      throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims: verified.claims, user, sessionId };
}
