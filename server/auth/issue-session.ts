import { randomBytes, randomUUID } from 'node:crypto';

import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import { signJwt } from './jwt.ts';
import { loadUserJson } from './user-json.ts';
import type { UserJson } from './user-json.ts';

/** GoTrue AMR method names (models/factor.go). */
export type AmrMethod =
  | 'password'
  | 'otp'
  | 'totp'
  | 'mfa/phone'
  | 'magiclink'
  | 'recovery'
  | 'email/signup'
  | 'email_change'
  | 'oauth'
  | 'anonymous'
  | 'sso/saml';

const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'bearer';
  readonly expires_in: number;
  readonly expires_at: number;
  readonly refresh_token: string;
  readonly user: UserJson;
}

export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Records (or refreshes the timestamp of) an authentication method on a session. */
export async function addAmrClaim(q: Queryable, sessionId: string, method: AmrMethod): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1::uuid, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** Starts a new session for `userId` signed in by `method` and returns GoTrue's token response. */
export async function issueSession(
  q: Queryable,
  ctx: BackendContext,
  userId: string,
  method: AmrMethod,
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  await q.query('insert into auth.sessions (id, user_id) values ($1::uuid, $2::uuid)', [sessionId, userId]);
  await addAmrClaim(q, sessionId, method);
  const refreshToken = newRefreshToken();
  await q.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3::uuid)', [
    refreshToken,
    userId,
    sessionId,
  ]);
  await q.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid', [
    userId,
  ]);
  return buildTokenResponse(q, ctx, { userId, sessionId, refreshToken });
}

/**
 * Signs a fresh access token for an existing session. The claims follow GoTrue's AccessTokenClaims
 * (wire contract §1.5): `aal` is aal2 once any MFA method is among the session's AMR claims.
 */
export async function buildTokenResponse(
  q: Queryable,
  ctx: BackendContext,
  input: { userId: string; sessionId: string; refreshToken: string },
): Promise<TokenResponse> {
  const user = await loadUserJson(q, input.userId);
  if (!user) throw new Error('session user vanished inside its own transaction');
  const { rows: amrRows } = await q.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::int as timestamp
       from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc`,
    [input.sessionId],
  );
  const aal = amrRows.some((row) => AAL2_METHODS.has(row.method)) ? 'aal2' : 'aal1';
  await q.query('update auth.sessions set aal = $2, updated_at = now() where id = $1::uuid', [
    input.sessionId,
    aal,
  ]);
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpirySeconds;
  const accessToken = await signJwt(
    {
      iss: `${ctx.apiUrl}/auth/v1`,
      sub: user.id,
      aud: typeof user['aud'] === 'string' ? user['aud'] : 'authenticated',
      exp,
      iat,
      email: user['email'],
      phone: user['phone'],
      app_metadata: user['app_metadata'],
      user_metadata: user['user_metadata'],
      role: user['role'],
      aal,
      amr: amrRows.map((row) => ({ method: row.method, timestamp: row.timestamp })),
      session_id: input.sessionId,
      is_anonymous: user['is_anonymous'] === true,
    },
    ctx.config.jwtSecret,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: input.refreshToken,
    user,
  };
}
