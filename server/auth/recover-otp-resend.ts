import { randomUUID } from 'node:crypto';

import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError, validationFailed } from './auth-error.ts';
import {
  enforceRateLimit,
  normaliseEmail,
  normalisePhone,
  objectField,
  readAuthBody,
  readPkce,
  resolveRedirect,
  stringField,
} from './auth-input.ts';
import { createUser } from './create-user.ts';
import { sendEmailLink, sendSmsCode } from './send-link.ts';
import { findUserByEmail, findUserById } from './user-json.ts';

/** POST /recover: always 200 {} so the response does not reveal whether the email has an account. */
export async function recover(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const rawEmail = stringField(body, 'email');
  if (!rawEmail) throw validationFailed('Password recovery requires an email');
  const email = normaliseEmail(rawEmail);
  const pkce = readPkce(body);
  enforceRateLimit(ctx, request, 'recover', email);
  const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await sendEmailLink(tx, ctx, { userId: user.id, email, type: 'recovery', redirectTo, pkce });
  });
  return jsonResponse(200, {});
}

/** POST /otp: a magic link plus code by email, or a code by SMS (into the development outbox). */
export async function otp(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const rawEmail = stringField(body, 'email');
  const rawPhone = stringField(body, 'phone');
  if (!rawEmail && !rawPhone) throw validationFailed('An email address or phone number is required');
  const createIfMissing = body['create_user'] !== false;
  const data = objectField(body, 'data') ?? {};
  const pkce = readPkce(body);
  const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));

  if (rawEmail) {
    const email = normaliseEmail(rawEmail);
    enforceRateLimit(ctx, request, 'otp', email);
    await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (!existing && !createIfMissing) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
      const userId =
        existing?.id ?? (await createUser(tx, { email, passwordHash: null, data, confirmed: false }));
      // An unconfirmed address gets a signup confirmation; both are accepted by verify type 'email' and 'magiclink'.
      const type = existing?.email_confirmed ? 'magiclink' : 'signup';
      await sendEmailLink(tx, ctx, { userId, email, type, redirectTo, pkce });
    });
    return jsonResponse(200, {});
  }

  const phone = normalisePhone(rawPhone ?? '');
  enforceRateLimit(ctx, request, 'otp', phone);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('select id::text from auth.users where phone = $1', [
      phone,
    ]);
    const existingId = rows[0]?.id;
    if (!existingId && !createIfMissing) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
    const userId =
      existingId ?? (await createUser(tx, { phone, passwordHash: null, data, confirmed: false }));
    await sendSmsCode(tx, { userId, phone });
  });
  return jsonResponse(200, { message_id: randomUUID() });
}

/** POST /resend: a new signup confirmation, email-change confirmation or SMS code. */
export async function resend(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const type = stringField(body, 'type');
  const rawEmail = stringField(body, 'email');
  const rawPhone = stringField(body, 'phone');
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
  if (type === 'sms') {
    if (!rawPhone) throw validationFailed('A phone number is required');
    const phone = normalisePhone(rawPhone);
    enforceRateLimit(ctx, request, 'otp', phone);
    await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'select id::text from auth.users where phone = $1 and phone_confirmed_at is null',
        [phone],
      );
      if (rows[0]) await sendSmsCode(tx, { userId: rows[0].id, phone });
    });
    return jsonResponse(200, { message_id: randomUUID() });
  }
  if (!rawEmail) throw validationFailed('An email address is required');
  const email = normaliseEmail(rawEmail);
  enforceRateLimit(ctx, request, 'otp', email);
  const pkce = readPkce(body);
  await ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      const user = await findUserByEmail(tx, email);
      if (user && !user.email_confirmed)
        await sendEmailLink(tx, ctx, { userId: user.id, email, type: 'signup', redirectTo, pkce });
      return;
    }
    const { rows } = await tx.query<{ id: string }>(
      `select id::text from auth.users where (lower(email) = $1 or lower(email_change) = $1) and coalesce(email_change, '') <> ''`,
      [email],
    );
    const user = rows[0] ? await findUserById(tx, rows[0].id) : undefined;
    if (user?.email_change)
      await sendEmailLink(tx, ctx, {
        userId: user.id,
        email: user.email_change,
        type: 'email_change',
        redirectTo,
        pkce,
      });
  });
  return jsonResponse(200, {});
}
