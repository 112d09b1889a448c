import { errors, jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';

export type JwtClaims = JWTPayload & Record<string, unknown>;

export type VerifiedJwt =
  | { readonly ok: true; readonly claims: JwtClaims }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

const encoder = new TextEncoder();

/** Signs `claims` as-is with HS256 (callers set iat and exp). */
export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/**
 * Verifies an HS256 JWT. Only HS256 is accepted, so `alg: none` and algorithm-confusion tokens fail; `exp`
 * and `nbf` are checked by jose. Never throws: callers map the reason to their service's error shape.
 */
export async function verifyJwt(token: string, secret: string): Promise<VerifiedJwt> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
