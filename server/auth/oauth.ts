import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError, validationFailed } from './auth-error.ts';
import {
  createFlowState,
  normaliseEmail,
  readAuthBody,
  readPkce,
  resolveRedirect,
  stringField,
} from './auth-input.ts';
import { createUser } from './create-user.ts';
import { issueSession } from './issue-session.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { requireUser } from './require-user.ts';
import { findUserByEmail } from './user-json.ts';

/**
 * OAuth and SSO against a built-in development identity provider: /authorize (and /sso, and linking through
 * /user/identities/authorize) send the browser to /dev-idp, a page that asks which email to sign in as; its
 * form returns to /callback, which signs the user in (or links the identity) and redirects to the app the way
 * GoTrue does: `?code=` in a PKCE flow, tokens in the fragment otherwise. The flow travels in a signed,
 * 10-minute state token, so nothing is stored until the callback.
 */
const PROVIDER = /^[a-z0-9_-]{1,40}$/;
const STATE_TTL_SECONDS = 600;

interface FlowState {
  readonly provider: string;
  readonly redirectTo: string;
  readonly pkce: { challenge: string; method: string } | undefined;
  readonly linkUserId: string | undefined;
}

async function stateUrl(ctx: BackendContext, flow: FlowState): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const state = await signJwt(
    {
      kind: 'oauth_state',
      provider: flow.provider,
      redirect_to: flow.redirectTo,
      code_challenge: flow.pkce?.challenge,
      code_challenge_method: flow.pkce?.method,
      link_user_id: flow.linkUserId,
      iat: now,
      exp: now + STATE_TTL_SECONDS,
    },
    ctx.config.jwtSecret,
  );
  return `${ctx.apiUrl}/auth/v1/dev-idp?${new URLSearchParams({ state }).toString()}`;
}

function readFlow(
  ctx: BackendContext,
  params: URLSearchParams,
  provider: string | null,
  linkUserId?: string,
): FlowState {
  if (!provider || !PROVIDER.test(provider) || provider === 'email' || provider === 'phone')
    throw validationFailed('Unsupported provider: provider is not enabled');
  const pkce = readPkce({
    code_challenge: params.get('code_challenge'),
    code_challenge_method: params.get('code_challenge_method'),
  });
  return { provider, redirectTo: resolveRedirect(ctx, params.get('redirect_to')), pkce, linkUserId };
}

/** GET /authorize?provider=…: 302 to the development identity provider. */
export async function authorize(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const params = request.url.searchParams;
  const url = await stateUrl(ctx, readFlow(ctx, params, params.get('provider')));
  return params.get('skip_http_redirect') === 'true'
    ? jsonResponse(200, { url })
    : { status: 302, headers: { Location: url } };
}

/** GET /user/identities/authorize?provider=…: `{url}` to link another identity to the signed-in user. */
export async function linkIdentityAuthorize(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const { user } = await requireUser(ctx, request, ctx.db);
  const params = request.url.searchParams;
  return jsonResponse(200, {
    url: await stateUrl(ctx, readFlow(ctx, params, params.get('provider'), user.id)),
  });
}

/** POST /sso {provider_id | domain}: `{url}` for an SSO sign-in through the development identity provider. */
export async function sso(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const target = stringField(body, 'provider_id') ?? stringField(body, 'domain');
  if (!target) throw validationFailed('A provider_id or domain is required');
  const pkce = readPkce(body);
  const url = await stateUrl(ctx, {
    provider: 'sso',
    redirectTo: resolveRedirect(ctx, stringField(body, 'redirect_to')),
    pkce,
    linkUserId: undefined,
  });
  return body['skip_http_redirect'] === true
    ? jsonResponse(200, { url })
    : { status: 303, headers: { Location: url } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readState(ctx: BackendContext, state: string | null): Promise<FlowState> {
  const verified = state ? await verifyJwt(state, ctx.config.jwtSecret) : undefined;
  const claims = verified?.ok ? verified.claims : undefined;
  if (
    !claims ||
    claims['kind'] !== 'oauth_state' ||
    typeof claims['provider'] !== 'string' ||
    typeof claims['redirect_to'] !== 'string'
  ) {
    throw authError(400, 'bad_oauth_state', 'OAuth state is invalid or has expired');
  }
  const challenge = claims['code_challenge'];
  const method = claims['code_challenge_method'];
  return {
    provider: claims['provider'],
    redirectTo: claims['redirect_to'],
    pkce: typeof challenge === 'string' && typeof method === 'string' ? { challenge, method } : undefined,
    linkUserId: typeof claims['link_user_id'] === 'string' ? claims['link_user_id'] : undefined,
  };
}

/** GET /dev-idp?state=…: the development identity provider's sign-in page. */
export async function devIdpPage(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const state = request.url.searchParams.get('state');
  const flow = await readState(ctx, state);
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Development sign-in</title>
<style>body{font:16px system-ui;margin:3rem auto;max-width:26rem;padding:0 1rem}input,button{font:inherit;padding:.4rem;width:100%;margin:.3rem 0}</style>
<h1>Development identity provider</h1>
<p>Sign in with <b>${escapeHtml(flow.provider)}</b>${flow.linkUserId ? ' to link it to your account' : ''}. Nothing leaves this machine.</p>
<form method="get" action="${escapeHtml(ctx.apiUrl)}/auth/v1/callback">
<input type="hidden" name="state" value="${escapeHtml(state ?? '')}">
<label>Email <input type="email" name="email" required autofocus></label>
<button>Continue</button></form></html>`;
  return {
    status: 200,
    body: html,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  };
}

async function addIdentity(q: Queryable, userId: string, provider: string, email: string): Promise<void> {
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2::uuid, jsonb_build_object('sub', $1::text, 'email', $1::text, 'email_verified', true, 'provider_id', $1::text), $3, now())`,
    [email, userId, provider],
  );
  await q.query(
    `update auth.users set raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
        (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from (select jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]')) as p union select $2::text) x)),
        updated_at = now() where id = $1::uuid`,
    [userId, provider],
  );
}

function redirectWithError(redirectTo: string, code: string, description: string): ApiResponse {
  const url = new URL(redirectTo);
  const params = { error: 'server_error', error_code: code, error_description: description };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return {
    status: 303,
    headers: { Location: `${url.toString().split('#')[0]}#${new URLSearchParams(params).toString()}` },
  };
}

/** GET /callback?state=…&email=…: finish the sign-in or link and send the browser back to the app. */
export async function callback(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const flow = await readState(ctx, request.url.searchParams.get('state'));
  const email = normaliseEmail(request.url.searchParams.get('email') ?? '');
  const provider = flow.provider;
  const outcome = await ctx.db.transaction(async (tx): Promise<ApiResponse> => {
    const { rows } = await tx.query<{ user_id: string }>(
      'select user_id::text from auth.identities where provider = $1 and provider_id = $2',
      [provider, email],
    );
    let userId = rows[0]?.user_id;
    if (flow.linkUserId) {
      if (userId && userId !== flow.linkUserId)
        return redirectWithError(
          flow.redirectTo,
          'identity_already_exists',
          'Identity is already linked to another user',
        );
      if (!userId) await addIdentity(tx, flow.linkUserId, provider, email);
      userId = flow.linkUserId;
    } else if (!userId) {
      // GoTrue links a verified external email to the existing account with that address.
      const existing = await findUserByEmail(tx, email);
      if (existing) {
        await addIdentity(tx, existing.id, provider, email);
        userId = existing.id;
      } else {
        userId = await createUser(tx, {
          email,
          passwordHash: null,
          data: {},
          confirmed: true,
          identity: { provider, providerId: email },
        });
      }
    }
    const method = provider === 'sso' ? 'sso/saml' : 'oauth';
    if (flow.pkce) {
      const flowStateId = await createFlowState(tx, {
        userId,
        pkce: flow.pkce,
        authenticationMethod: method,
      });
      const { rows: codes } = await tx.query<{ auth_code: string }>(
        'update auth.flow_state set auth_code_issued_at = now() where id = $1::uuid returning auth_code',
        [flowStateId],
      );
      const url = new URL(flow.redirectTo);
      url.searchParams.set('code', codes[0]?.auth_code ?? '');
      return { status: 303, headers: { Location: url.toString() } };
    }
    const session = await issueSession(tx, ctx, userId, method);
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      provider_token: `dev-${provider}-token`,
      refresh_token: session.refresh_token,
      token_type: 'bearer',
    });
    return { status: 303, headers: { Location: `${flow.redirectTo.split('#')[0]}#${fragment.toString()}` } };
  });
  return outcome;
}

/** DELETE /user/identities/:id: unlink one of the user's identities; the last one cannot go. */
export async function unlinkIdentity(
  ctx: BackendContext,
  request: ApiRequest,
  identityId: string,
): Promise<ApiResponse> {
  return ctx.db.transaction(async (tx) => {
    const { user } = await requireUser(ctx, request, tx);
    const { rows } = await tx.query<{ id: string; provider: string }>(
      'select id::text, provider from auth.identities where user_id = $1::uuid',
      [user.id],
    );
    const identity = rows.find((row) => row.id === identityId);
    if (!identity) throw authError(404, 'identity_not_found', "Identity doesn't exist");
    if (rows.length <= 1)
      throw authError(
        422,
        'single_identity_not_deletable',
        'User must have at least 1 identity after unlinking',
      );
    await tx.query('delete from auth.identities where id = $1::uuid', [identity.id]);
    if (!rows.some((row) => row.id !== identity.id && row.provider === identity.provider)) {
      await tx.query(
        `update auth.users set raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
            coalesce((select jsonb_agg(p) from jsonb_array_elements_text(raw_app_meta_data -> 'providers') p where p <> $2), '[]'::jsonb)),
            updated_at = now() where id = $1::uuid`,
        [user.id, identity.provider],
      );
    }
    return jsonResponse(200, {});
  });
}
