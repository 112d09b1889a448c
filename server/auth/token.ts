import { createHash } from 'node:crypto';

import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError, invalidCredentials, validationFailed } from './auth-error.ts';
import { enforceRateLimit, normaliseEmail, readAuthBody, stringField } from './auth-input.ts';
import type { JsonObject } from './auth-input.ts';
import { checkPassword } from './create-user.ts';
import { buildTokenResponse, issueSession, newRefreshToken } from './issue-session.ts';
import type { AmrMethod } from './issue-session.ts';
import { findUserByEmail } from './user-json.ts';

/** A PKCE auth code must be exchanged within five minutes (GoTrue's flow state expiry). */
const FLOW_STATE_TTL_SECONDS = 300;

/** POST /token?grant_type=password|refresh_token|pkce (GoTrue token.go). */
export async function token(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  switch (request.url.searchParams.get('grant_type')) {
    case 'password':
      return passwordGrant(ctx, request, body);
    case 'refresh_token':
      return refreshGrant(ctx, body);
    case 'pkce':
      return pkceGrant(ctx, body);
    default:
      throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  }
}

async function passwordGrant(
  ctx: BackendContext,
  request: ApiRequest,
  body: JsonObject,
): Promise<ApiResponse> {
  const rawEmail = stringField(body, 'email');
  const password = typeof body['password'] === 'string' ? body['password'] : '';
  if (!rawEmail) {
    if (stringField(body, 'phone')) throw invalidCredentials();
    throw validationFailed('missing email or phone');
  }
  const email = normaliseEmail(rawEmail);
  enforceRateLimit(ctx, request, 'token', email);
  const user = await findUserByEmail(ctx.db, email);
  const ok = await checkPassword(password, user?.encrypted_password ?? null);
  if (!user || !ok) throw invalidCredentials();
  if (user.banned) throw authError(400, 'user_banned', 'User is banned');
  if (!user.email_confirmed) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  return jsonResponse(200, await ctx.db.transaction((tx) => issueSession(tx, ctx, user.id, 'password')));
}

interface RefreshRow {
  readonly id: string;
  readonly token: string;
  readonly revoked: boolean;
  readonly session_id: string;
  readonly user_id: string;
  readonly within_reuse_interval: boolean;
}

/**
 * Rotation with reuse detection (GoTrue tokens/service.go): the presented token is revoked and replaced by a
 * child. A revoked token presented again within the reuse interval (a concurrent refresh from another tab)
 * gets the session's current token; later it counts as theft and the whole session is ended.
 */
async function refreshGrant(ctx: BackendContext, body: JsonObject): Promise<ApiResponse> {
  const presented = stringField(body, 'refresh_token');
  if (!presented) throw validationFailed('refresh_token required');
  // The session deletion on reuse must commit, so the 400 is raised after the transaction.
  const outcome = await ctx.db.transaction(async (tx): Promise<ApiResponse | 'reused'> => {
    const { rows } = await tx.query<RefreshRow>(
      `select id::text, token, revoked, session_id::text, user_id,
              now() - updated_at < make_interval(secs => $2::int) as within_reuse_interval
         from auth.refresh_tokens where token = $1 for update`,
      [presented, ctx.config.refreshTokenReuseIntervalSeconds],
    );
    const row = rows[0];
    if (!row)
      throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (row.revoked) {
      const active = row.within_reuse_interval ? await activeToken(tx, row.session_id) : undefined;
      if (!active) {
        await tx.query('delete from auth.sessions where id = $1::uuid', [row.session_id]);
        return 'reused';
      }
      return jsonResponse(
        200,
        await buildTokenResponse(tx, ctx, {
          userId: row.user_id,
          sessionId: row.session_id,
          refreshToken: active,
        }),
      );
    }
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint',
      [row.id],
    );
    const next = newRefreshToken();
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3::uuid, $4)',
      [next, row.user_id, row.session_id, row.token],
    );
    return jsonResponse(
      200,
      await buildTokenResponse(tx, ctx, {
        userId: row.user_id,
        sessionId: row.session_id,
        refreshToken: next,
      }),
    );
  });
  if (outcome === 'reused')
    throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return outcome;
}

async function activeToken(q: Queryable, sessionId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ token: string }>(
    'select token from auth.refresh_tokens where session_id = $1::uuid and not revoked order by id desc limit 1',
    [sessionId],
  );
  return rows[0]?.token;
}

const FLOW_AMR: Record<string, AmrMethod> = {
  'email/signup': 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
  otp: 'otp',
  oauth: 'oauth',
  'sso/saml': 'sso/saml',
};

/** Exchanges a PKCE auth code for a session (GoTrue token.go PKCE). */
async function pkceGrant(ctx: BackendContext, body: JsonObject): Promise<ApiResponse> {
  const authCode = stringField(body, 'auth_code');
  const verifier = stringField(body, 'code_verifier');
  if (!authCode || !verifier)
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      expired: boolean;
    }>(
      `select id::text, user_id::text, code_challenge, code_challenge_method, authentication_method,
              coalesce(auth_code_issued_at, created_at) < now() - make_interval(secs => $2::int) as expired
         from auth.flow_state where auth_code = $1 for update`,
      [authCode, FLOW_STATE_TTL_SECONDS],
    );
    const flow = rows[0];
    if (!flow || !flow.user_id)
      throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (flow.expired)
      throw authError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    const expected =
      flow.code_challenge_method === 's256'
        ? createHash('sha256').update(verifier).digest('base64url')
        : verifier;
    if (expected !== flow.code_challenge)
      throw authError(
        400,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    await tx.query('delete from auth.flow_state where id = $1::uuid', [flow.id]);
    return jsonResponse(
      200,
      await issueSession(tx, ctx, flow.user_id, FLOW_AMR[flow.authentication_method] ?? 'otp'),
    );
  });
}
