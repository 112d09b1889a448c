import { randomUUID } from 'node:crypto';

import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError, validationFailed } from './auth-error.ts';
import type { JsonObject } from './auth-input.ts';
import {
  checkPasswordStrength,
  createFlowState,
  enforceRateLimit,
  normaliseEmail,
  objectField,
  readAuthBody,
  readPkce,
  resolveRedirect,
  stringField,
  verifyLink,
} from './auth-input.ts';
import { createUser, hashPassword } from './create-user.ts';
import { issueSession } from './issue-session.ts';
import { deliverMessage } from './mailbox.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';
import { findUserByEmail, loadUserJson } from './user-json.ts';

/**
 * An empty email and phone is an anonymous sign-in (off unless enabled, as on Supabase): a user without
 * identities, `is_anonymous: true`, AMR `anonymous`. Such a user keeps its id when it later adds an email.
 */
async function signInAnonymously(
  ctx: BackendContext,
  request: ApiRequest,
  data: JsonObject,
): Promise<ApiResponse> {
  if (!ctx.config.enableAnonymousSignIns)
    throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  enforceRateLimit(ctx, request, 'signup');
  return ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    await tx.query(
      `insert into auth.users (id, instance_id, aud, role, raw_app_meta_data, raw_user_meta_data, is_anonymous)
       values ($1::uuid, '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', '{}'::jsonb, $2::jsonb, true)`,
      [id, JSON.stringify(data)],
    );
    return jsonResponse(200, await issueSession(tx, ctx, id, 'anonymous'));
  });
}

/** POST /signup (GoTrue signup.go), email + password. Phone sign-up with a password is not offered. */
export async function signup(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  if (!rawEmail && !phone) return signInAnonymously(ctx, request, objectField(body, 'data') ?? {});
  if (!rawEmail) throw authError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = normaliseEmail(rawEmail);
  const password = typeof body['password'] === 'string' ? body['password'] : undefined;
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password);
  const data = objectField(body, 'data') ?? {};
  const pkce = readPkce(body);
  enforceRateLimit(ctx, request, 'signup', email);
  const confirmationRequired = ctx.config.enableEmailConfirmation;
  const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
  const passwordHash = await hashPassword(password);

  return ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed) {
      if (!confirmationRequired) throw authError(422, 'user_already_exists', 'User already registered');
      // Anti-enumeration: an obfuscated user with no identities, as GoTrue returns.
      const now = new Date().toISOString();
      return jsonResponse(200, {
        id: randomUUID(),
        aud: 'authenticated',
        role: 'authenticated',
        email,
        phone: '',
        confirmation_sent_at: now,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      });
    }
    const userId =
      existing?.id ?? (await createUser(tx, { email, passwordHash, data, confirmed: !confirmationRequired }));
    if (!confirmationRequired) return jsonResponse(200, await issueSession(tx, ctx, userId, 'password'));

    if (existing) {
      // An unconfirmed sign-up again: take the new password and metadata, and send a fresh confirmation.
      await tx.query(
        `update auth.users set encrypted_password = $2, raw_user_meta_data = raw_user_meta_data || $3::jsonb where id = $1::uuid`,
        [userId, passwordHash, JSON.stringify(data)],
      );
    }
    const flowStateId = pkce
      ? await createFlowState(tx, { userId, pkce, authenticationMethod: 'email/signup' })
      : undefined;
    const token = await issueOneTimeToken(tx, { userId, type: 'signup', relatesTo: email, flowStateId });
    await tx.query('update auth.users set confirmation_sent_at = now() where id = $1::uuid', [userId]);
    const link = verifyLink(ctx, token.tokenHash, 'signup', redirectTo);
    await deliverMessage(tx, {
      to: email,
      subject: 'Confirm Your Signup',
      text: `Follow this link to confirm your user:\n${link}\n\nOr enter this code: ${token.code}`,
      actionLink: link,
      code: token.code,
      tokenHash: token.tokenHash,
      kind: 'signup',
    });
    return jsonResponse(200, await loadUserJson(tx, userId));
  });
}
