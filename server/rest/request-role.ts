import { verifyJwt } from '../auth/jwt.ts';
import type { JwtClaims } from '../auth/jwt.ts';
import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest } from '../http/api-request.ts';
import { headerValue } from '../http/api-request.ts';
import { restError } from './rest-error.ts';

/** The API roles a JWT may name; anything else (e.g. a superuser) is refused so a token cannot escalate. */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface RequestRole {
  readonly role: string;
  readonly claims: JwtClaims;
  /** A JWT other than the anon key was presented; decides 401 versus 403 for permission errors. */
  readonly authenticated: boolean;
}

const jwtError = (code: string, description: string) =>
  restError(401, code, description, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });

/** PostgREST Auth/Jwt.hs: verify the bearer, take `role` from it, fall back to anon without one. */
export async function requestRole(ctx: BackendContext, request: ApiRequest): Promise<RequestRole> {
  const header = headerValue(request.headers, 'authorization');
  if (!header) return { role: 'anon', claims: { role: 'anon' }, authenticated: false };
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw jwtError('PGRST301', 'Authorization header must be "Bearer <token>"');
  const token = match[1];
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  const verified = await verifyJwt(token, ctx.config.jwtSecret);
  if (!verified.ok)
    throw verified.reason === 'expired'
      ? jwtError('PGRST303', 'JWT expired')
      : jwtError('PGRST301', 'JWT cryptographic operation failed');
  const role = typeof verified.claims['role'] === 'string' ? verified.claims['role'] : 'anon';
  if (!API_ROLES.has(role)) throw restError(401, '22023', `role "${role.slice(0, 64)}" does not exist`);
  return { role, claims: verified.claims, authenticated: role !== 'anon' };
}
