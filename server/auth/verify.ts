import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import type { ApiError } from '../http/api-error.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError, validationFailed } from './auth-error.ts';
import {
  enforceVerifyLimit,
  normaliseEmail,
  normalisePhone,
  readAuthBody,
  resolveRedirect,
  stringField,
} from './auth-input.ts';
import { confirmUser } from './create-user.ts';
import { issueSession } from './issue-session.ts';
import type { TokenResponse } from './issue-session.ts';
import { consumeOneTimeToken, tokenHash } from './one-time-tokens.ts';
import type { ConsumedToken, OneTimeTokenType } from './one-time-tokens.ts';

/** Which stored tokens each /verify type accepts (GoTrue verify.go: `email` covers signup, magic link and recovery). */
const ACCEPTS: Record<string, readonly OneTimeTokenType[]> = {
  signup: ['signup'],
  invite: ['signup'],
  magiclink: ['magiclink', 'signup'],
  recovery: ['recovery'],
  email: ['signup', 'magiclink', 'recovery'],
  email_change: ['email_change'],
  sms: ['phone'],
};

function acceptedTypes(type: string | undefined): readonly OneTimeTokenType[] {
  // Own keys only: a type such as `__proto__` or `constructor` names no verification.
  const accepted = type && Object.hasOwn(ACCEPTS, type) ? ACCEPTS[type] : undefined;
  if (!accepted) throw validationFailed('Verify requires a verification type');
  return accepted;
}

/** Applies what a verified token proves, then starts a session (AMR `otp`, as GoTrue records every /verify login). */
async function completeVerification(
  q: Queryable,
  ctx: BackendContext,
  token: ConsumedToken,
): Promise<TokenResponse> {
  if (token.type === 'email_change') {
    await q.query(
      `update auth.users set email = email_change, email_change = '', email_change_sent_at = null, updated_at = now(),
              email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false where id = $1::uuid`,
      [token.userId],
    );
    // An anonymous user that confirms an email becomes a permanent one with an email identity.
    await q.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false), 'email', now()
         from auth.users u where u.id = $1::uuid and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email')`,
      [token.userId, token.relatesTo],
    );
    await q.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || jsonb_build_object('provider', coalesce(raw_app_meta_data ->> 'provider', 'email'),
              'providers', coalesce(raw_app_meta_data -> 'providers', '["email"]'::jsonb)) where id = $1::uuid`,
      [token.userId],
    );
    await q.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1::uuid and provider = 'email'`,
      [token.userId, token.relatesTo],
    );
    await q.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || jsonb_build_object('email', $2::text) where id = $1::uuid`,
      [token.userId, token.relatesTo],
    );
  } else {
    await confirmUser(q, token.userId, token.type === 'phone' ? 'phone' : 'email');
  }
  return issueSession(q, ctx, token.userId, 'otp');
}

/** POST /verify: `{token_hash, type}` or `{email|phone, token, type}`; 200 with a session. */
export async function verifyPost(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const type = stringField(body, 'type');
  const token = stringField(body, 'token');
  const hash = stringField(body, 'token_hash');
  const rawEmail = stringField(body, 'email');
  const rawPhone = stringField(body, 'phone');
  const accepted = acceptedTypes(type);
  if ((token === undefined) === (hash === undefined))
    throw validationFailed('Verify requires either a token or a token hash');
  let lookup: string;
  if (hash !== undefined) {
    if (rawEmail || rawPhone || stringField(body, 'redirect_to'))
      throw validationFailed('Only the token_hash and type should be provided');
    lookup = hash;
  } else if (rawEmail) {
    lookup = tokenHash(normaliseEmail(rawEmail), token ?? '');
  } else if (rawPhone) {
    lookup = tokenHash(normalisePhone(rawPhone), token ?? '');
  } else {
    throw validationFailed('Only an email address or phone number should be provided on verify');
  }
  enforceVerifyLimit(
    ctx,
    request,
    'verify',
    rawEmail ? normaliseEmail(rawEmail) : rawPhone ? normalisePhone(rawPhone) : undefined,
  );
  const session = await ctx.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, lookup, accepted);
    if (!consumed) {
      throw authError(
        403,
        'otp_expired',
        hash !== undefined ? 'Email link is invalid or has expired' : 'Token has expired or is invalid',
      );
    }
    return completeVerification(tx, ctx, consumed);
  });
  return jsonResponse(200, session);
}

/**
 * GET /verify?token=<hash>&type=…&redirect_to=… (the emailed link): 303 to the app with `?code=` in a PKCE
 * flow, with the session in the fragment otherwise, or with `error…` parameters when the link is bad.
 */
export async function verifyGet(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const params = request.url.searchParams;
  const redirectTo = resolveRedirect(ctx, params.get('redirect_to'));
  const type = params.get('type') ?? '';
  const hash = params.get('token') ?? '';
  try {
    const accepted = acceptedTypes(type);
    if (hash === '') throw validationFailed('Verify requires a token');
    enforceVerifyLimit(ctx, request, 'verify');
    const location = await ctx.db.transaction(async (tx) => {
      const consumed = await consumeOneTimeToken(tx, hash, accepted);
      if (!consumed) throw authError(403, 'otp_expired', 'Email link is invalid or has expired');
      if (consumed.flowStateId) {
        if (consumed.type !== 'email_change') await confirmUser(tx, consumed.userId, 'email');
        const { rows } = await tx.query<{ auth_code: string }>(
          'update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1::uuid returning auth_code',
          [consumed.flowStateId],
        );
        if (rows[0]) return withQuery(redirectTo, { code: rows[0].auth_code });
      }
      const session = await completeVerification(tx, ctx, consumed);
      const fragment = new URLSearchParams(
        Object.entries({
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          sb: '',
          token_type: 'bearer',
          type,
        }).sort(([a], [b]) => a.localeCompare(b)),
      );
      return `${redirectTo.split('#')[0]}#${fragment.toString()}`;
    });
    return { status: 303, headers: { Location: location } };
  } catch (error) {
    const apiError = error as ApiError;
    if (typeof apiError.status !== 'number' || apiError.status >= 500) throw error;
    const code = typeof apiError.body['code'] === 'string' ? apiError.body['code'] : 'unexpected_failure';
    const errorParams = {
      error: apiError.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: code,
      error_description: apiError.message,
    };
    const query = withQuery(redirectTo, { ...errorParams, sb: '' });
    return {
      status: 303,
      headers: { Location: `${query.split('#')[0]}#${new URLSearchParams(errorParams).toString()}` },
    };
  }
}

function withQuery(base: string, values: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
  return url.toString();
}
