import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';

import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { authError, validationFailed } from './auth-error.ts';
import { enforceVerifyLimit, normalisePhone, readAuthBody, stringField } from './auth-input.ts';
import { deliverMessage } from './mailbox.ts';
import { addAmrClaim, buildTokenResponse, newRefreshToken } from './issue-session.ts';
import { requireUser } from './require-user.ts';
import { totpQrSvg } from './totp-qr-svg.ts';

/** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION. */
const CHALLENGE_TTL_SECONDS = 300;
const MAX_FACTORS = 10;

/** TOTP as GoTrue uses it: SHA1, 6 digits, 30 s period, one step of skew either way. */
function totp(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** Texted codes are kept only as digests. */
function codeDigest(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function sameDigest(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const factorNotFound = () => authError(404, 'mfa_factor_not_found', 'Factor not found');

async function verifiedFactorCount(ctx: BackendContext, userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from auth.mfa_factors where user_id = $1::uuid and status = 'verified'`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** POST /factors: enrol an unverified TOTP or phone factor. */
export async function enrollFactor(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const { user, claims } = await requireUser(ctx, request, ctx.db);
  if (user.is_anonymous)
    throw authError(403, 'no_authorization', 'Anonymous users cannot enroll MFA factors');
  const factorType = stringField(body, 'factor_type');
  if (factorType !== 'totp' && factorType !== 'phone')
    throw validationFailed('factor_type needs to be totp or phone');
  const phoneInput = stringField(body, 'phone');
  if (factorType === 'phone' && !phoneInput)
    throw validationFailed('Phone number required to enroll Phone factor');
  const phone = factorType === 'phone' ? normalisePhone(phoneInput ?? '') : null;
  if ((await verifiedFactorCount(ctx, user.id)) > 0 && claims['aal'] !== 'aal2')
    throw authError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  const friendlyName = stringField(body, 'friendly_name') ?? '';
  const issuer = stringField(body, 'issuer') ?? new URL(ctx.apiUrl).hostname;
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number; same_name: number }>(
      `select count(*)::int as n, count(*) filter (where friendly_name = $2 and $2 <> '')::int as same_name from auth.mfa_factors where user_id = $1::uuid`,
      [user.id, friendlyName],
    );
    if ((rows[0]?.same_name ?? 0) > 0)
      throw authError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    if ((rows[0]?.n ?? 0) >= MAX_FACTORS)
      throw authError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    const id = randomUUID();
    if (phone !== null) {
      const { rows: same } = await tx.query<{ n: number }>(
        `select count(*)::int as n from auth.mfa_factors where user_id = $1::uuid and factor_type = 'phone' and phone = $2 and status = 'verified'`,
        [user.id, phone],
      );
      if ((same[0]?.n ?? 0) > 0)
        throw authError(422, 'phone_exists', 'A verified phone factor with this phone number already exists');
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, phone) values ($1::uuid, $2::uuid, $3, 'phone', 'unverified', $4)`,
        [id, user.id, friendlyName, phone],
      );
      return jsonResponse(200, { id, type: 'phone', friendly_name: friendlyName, phone });
    }
    const secret = new Secret({ size: 20 }).base32;
    const uri = totp(secret, issuer, user.email ?? user.id).toString();
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1::uuid, $2::uuid, $3, 'totp', 'unverified', $4)`,
      [id, user.id, friendlyName, secret],
    );
    return jsonResponse(200, {
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await totpQrSvg(uri), secret, uri },
    });
  });
}

async function loadFactor(ctx: BackendContext, userId: string, factorId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(factorId)) throw factorNotFound();
  const { rows } = await ctx.db.query<{
    id: string;
    status: string;
    secret: string | null;
    factor_type: string;
    phone: string | null;
  }>(
    'select id::text, status, secret, factor_type, phone from auth.mfa_factors where id = $1::uuid and user_id = $2::uuid',
    [factorId, userId],
  );
  if (!rows[0]) throw factorNotFound();
  return rows[0];
}

/** POST /factors/:id/challenge */
export async function challengeFactor(
  ctx: BackendContext,
  request: ApiRequest,
  factorId: string,
): Promise<ApiResponse> {
  readAuthBody(request);
  const { user } = await requireUser(ctx, request, ctx.db);
  enforceVerifyLimit(ctx, request, 'mfa_challenge', user.id);
  const factor = await loadFactor(ctx, user.id, factorId);
  const id = randomUUID();
  const isPhone = factor.factor_type === 'phone';
  // A phone factor's code is texted now (the development SMS outbox stands in for the provider).
  const code = isPhone ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      'insert into auth.mfa_challenges (id, factor_id, ip_address, otp_code) values ($1::uuid, $2::uuid, $3, $4)',
      [id, factor.id, request.ip, code === null ? null : codeDigest(code)],
    );
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1::uuid', [factor.id]);
    if (code !== null)
      await deliverMessage(tx, {
        to: factor.phone ?? '',
        subject: 'SMS',
        text: `Your verification code is ${code}`,
        code,
        kind: 'sms',
      });
  });
  return jsonResponse(200, {
    id,
    type: isPhone ? 'phone' : 'totp',
    expires_at: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
  });
}

/** POST /factors/:id/verify: a correct code marks the factor verified and upgrades the session to aal2. */
export async function verifyFactor(
  ctx: BackendContext,
  request: ApiRequest,
  factorId: string,
): Promise<ApiResponse> {
  const body = readAuthBody(request);
  const challengeId = stringField(body, 'challenge_id');
  const code = stringField(body, 'code');
  if (!challengeId || !code) throw validationFailed('challenge_id and code are required');
  const { user, sessionId } = await requireUser(ctx, request, ctx.db);
  if (!sessionId) throw authError(401, 'no_authorization', 'MFA verification requires a session');
  enforceVerifyLimit(ctx, request, 'mfa_verify', user.id);
  const factor = await loadFactor(ctx, user.id, factorId);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      expired: boolean;
      ip_address: string;
      verified: boolean;
      otp_code: string | null;
    }>(
      `select created_at < now() - make_interval(secs => $3::int) as expired, ip_address, verified_at is not null as verified, otp_code
         from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid for update`,
      [
        /^[0-9a-f-]{36}$/i.test(challengeId) ? challengeId : '00000000-0000-0000-0000-000000000000',
        factor.id,
        CHALLENGE_TTL_SECONDS,
      ],
    );
    const challenge = rows[0];
    if (!challenge || challenge.verified)
      throw authError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (challenge.expired)
      throw authError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
      );
    if (challenge.ip_address !== request.ip)
      throw authError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (factor.factor_type === 'phone') {
      if (!challenge.otp_code || !sameDigest(challenge.otp_code, codeDigest(code)))
        throw authError(422, 'mfa_verification_failed', 'Invalid MFA Phone code entered');
    } else if (totp(factor.secret ?? '', 'x', 'x').validate({ token: code, window: 1 }) === null) {
      throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1::uuid', [challengeId]);
    await tx.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1::uuid`,
      [factor.id],
    );
    await tx.query('update auth.sessions set factor_id = $2::uuid where id = $1::uuid', [
      sessionId,
      factor.id,
    ]);
    await addAmrClaim(tx, sessionId, factor.factor_type === 'phone' ? 'mfa/phone' : 'totp');
    // GoTrue rotates the refresh token on a successful verify.
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid and not revoked',
      [sessionId],
    );
    const refreshToken = newRefreshToken();
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3::uuid)', [
      refreshToken,
      user.id,
      sessionId,
    ]);
    return jsonResponse(200, await buildTokenResponse(tx, ctx, { userId: user.id, sessionId, refreshToken }));
  });
}

/** DELETE /factors/:id: a verified factor can only be removed from an aal2 session. */
export async function unenrollFactor(
  ctx: BackendContext,
  request: ApiRequest,
  factorId: string,
): Promise<ApiResponse> {
  const { user, claims } = await requireUser(ctx, request, ctx.db);
  const factor = await loadFactor(ctx, user.id, factorId);
  if (factor.status === 'verified' && claims['aal'] !== 'aal2')
    throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  await ctx.db.query('delete from auth.mfa_factors where id = $1::uuid', [factor.id]);
  return jsonResponse(200, { id: factor.id });
}
