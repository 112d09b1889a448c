import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError } from './auth-error.ts';
import {
  checkPasswordStrength,
  normaliseEmail,
  objectField,
  readAuthBody,
  resolveRedirect,
  stringField,
  verifyLink,
} from './auth-input.ts';
import { checkPassword, hashPassword } from './create-user.ts';
import { deliverMessage } from './mailbox.ts';
import { consumeOneTimeToken, issueOneTimeToken, tokenHash } from './one-time-tokens.ts';
import { requireUser } from './require-user.ts';
import { findUserByEmail, loadUserJson } from './user-json.ts';

/** GET /user: the bare user of the bearer token. */
export async function getUser(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const { user } = await requireUser(ctx, request, ctx.db);
  return jsonResponse(200, await loadUserJson(ctx.db, user.id));
}

/**
 * PUT /user (GoTrue user.go): `data` is shallow-merged into user_metadata (null deletes a key); a new
 * password ends the user's other sessions; a new email is only pending until confirmed through /verify.
 */
export async function updateUser(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const data = objectField(body, 'data');
  const rawEmail = stringField(body, 'email');
  const password = typeof body['password'] === 'string' ? body['password'] : undefined;
  const nonce = stringField(body, 'nonce');
  if (body['app_metadata'] !== undefined && body['app_metadata'] !== null)
    throw authError(403, 'not_admin', 'User not allowed');
  if (stringField(body, 'phone'))
    throw authError(422, 'phone_provider_disabled', 'Phone updates are not supported by the local backend');
  const newEmail = rawEmail ? normaliseEmail(rawEmail) : undefined;
  if (password !== undefined) checkPasswordStrength(password);
  const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));

  return ctx.db.transaction(async (tx) => {
    const { user, claims, sessionId } = await requireUser(ctx, request, tx);
    if (user.is_anonymous && password !== undefined && !user.email)
      throw authError(
        422,
        'validation_failed',
        'Updating password of an anonymous user without an email is not possible',
      );
    if (data) {
      const deleted = Object.keys(data).filter((key) => data[key] === null);
      await tx.query(
        `update auth.users set raw_user_meta_data = (raw_user_meta_data || $2::jsonb) - array(select jsonb_array_elements_text($3::jsonb)),
                updated_at = now() where id = $1::uuid`,
        [user.id, JSON.stringify(data), JSON.stringify(deleted)],
      );
    }
    if (password !== undefined) {
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from auth.mfa_factors where user_id = $1::uuid and status = 'verified'`,
        [user.id],
      );
      if ((rows[0]?.n ?? 0) > 0 && claims['aal'] !== 'aal2') {
        throw authError(
          401,
          'insufficient_aal',
          'AAL2 session is required to update email or password when MFA is enabled.',
        );
      }
      if (nonce !== undefined) {
        const consumed = user.email
          ? await consumeOneTimeToken(tx, tokenHash(user.email.toLowerCase(), nonce), ['reauthentication'])
          : undefined;
        if (!consumed || consumed.userId !== user.id)
          throw authError(400, 'reauthentication_not_valid', 'Verification code has expired or is invalid');
      }
      if (user.encrypted_password && (await checkPassword(password, user.encrypted_password))) {
        throw authError(422, 'same_password', 'New password should be different from the old password.');
      }
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid',
        [user.id, await hashPassword(password)],
      );
      await tx.query('delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid', [
        user.id,
        sessionId ?? null,
      ]);
    }
    if (newEmail !== undefined && newEmail !== user.email?.toLowerCase()) {
      const other = await findUserByEmail(tx, newEmail);
      if (other && other.id !== user.id)
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      const token = await issueOneTimeToken(tx, {
        userId: user.id,
        type: 'email_change',
        relatesTo: newEmail,
      });
      await tx.query(
        'update auth.users set email_change = $2, email_change_sent_at = now(), updated_at = now() where id = $1::uuid',
        [user.id, newEmail],
      );
      const link = verifyLink(ctx, token.tokenHash, 'email_change', redirectTo);
      await deliverMessage(tx, {
        to: newEmail,
        subject: 'Confirm Email Change',
        text: `Follow this link to confirm the update of your email to ${newEmail}:\n${link}\n\nOr enter this code: ${token.code}`,
        actionLink: link,
        code: token.code,
        tokenHash: token.tokenHash,
        kind: 'email_change',
      });
    }
    return jsonResponse(200, await loadUserJson(tx, user.id));
  });
}

/** GET /reauthenticate: mails a code that PUT /user accepts as `nonce` for a password change. */
export async function reauthenticate(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  return ctx.db.transaction(async (tx) => {
    const { user } = await requireUser(ctx, request, tx);
    if (!user.email) throw authError(422, 'validation_failed', 'Reauthentication requires an email address');
    const token = await issueOneTimeToken(tx, {
      userId: user.id,
      type: 'reauthentication',
      relatesTo: user.email,
    });
    await tx.query('update auth.users set reauthentication_sent_at = now() where id = $1::uuid', [user.id]);
    await deliverMessage(tx, {
      to: user.email,
      subject: 'Confirm reauthentication',
      text: `Enter the code: ${token.code}`,
      code: token.code,
      kind: 'reauthentication',
    });
    return jsonResponse(200, {});
  });
}
