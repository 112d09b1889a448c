import { verifyJwt } from '../auth/jwt.ts';
import type { JwtClaims } from '../auth/jwt.ts';

export type Identity = { ok: true; role: string; claims: JwtClaims } | { ok: false; reason: string };

const API_ROLES = ['anon', 'authenticated', 'service_role'];

/** Realtime's token rule (wire contract §4.8): a verified JWT with a string `role` and a numeric `exp`. */
export async function identifyToken(token: string | undefined, secret: string): Promise<Identity> {
  if (!token) return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
  const verified = await verifyJwt(token, secret);
  if (!verified.ok)
    return {
      ok: false,
      reason:
        verified.reason === 'expired'
          ? 'InvalidJWTToken: Token has expired'
          : 'InvalidJWTToken: invalid token',
    };
  const { role, exp } = verified.claims;
  if (typeof role !== 'string' || typeof exp !== 'number')
    return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
  if (!API_ROLES.includes(role)) return { ok: false, reason: `InvalidJWTToken: role ${role} is not allowed` };
  return { ok: true, role, claims: verified.claims };
}
