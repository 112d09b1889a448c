import { randomUUID } from 'node:crypto';

import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import type { ApiRequest } from '../http/api-request.ts';
import { parseJsonBody } from '../http/read-body.ts';
import { authError, validationFailed } from './auth-error.ts';

export type JsonObject = Record<string, unknown>;

/** The JSON object body of an auth call; `{}` when empty. Malformed or non-object JSON is a 400, never a 500. */
export function readAuthBody(request: ApiRequest): JsonObject {
  let parsed: unknown;
  try {
    parsed = parseJsonBody(request.body);
  } catch {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON');
  }
  if (parsed === undefined || parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw authError(400, 'bad_json', 'Request body must be a JSON object');
  return parsed as JsonObject;
}

/** A string field, trimmed; undefined when absent, null or empty. Other types are a 400. */
export function stringField(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed(`${key} must be a string`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function objectField(body: JsonObject, key: string): JsonObject | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${key} must be an object`);
  return value as JsonObject;
}

// Deliberately loose (as GoTrue's): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  if (lower.length > 255 || !EMAIL.test(lower))
    throw validationFailed('Unable to validate email address: invalid format');
  return lower;
}

/** GoTrue stores phones as digits without '+'. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, '').replace(/^\+/, '');
  if (!/^[1-9]\d{6,14}$/.test(digits)) throw validationFailed('Invalid phone number format (E.164 required)');
  return digits;
}

const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 72; // bcrypt ignores anything beyond 72 bytes

export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw authError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH)
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
}

/** Counts a hit against the per-IP and (when known) per-email budgets of `action`; 429 when one is spent. */
export function enforceRateLimit(
  ctx: BackendContext,
  request: ApiRequest,
  action: string,
  email?: string,
): void {
  const { perIp, perEmail } = ctx.config.rateLimits;
  const ipOk = ctx.rateLimiter.hit(`ip:${action}:${request.ip}`, perIp);
  const emailOk = email === undefined || ctx.rateLimiter.hit(`email:${action}:${email}`, perEmail);
  if (!ipOk || !emailOk) throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

/**
 * Counts a guess at a code for `action` against the verify budget of the request's IP and, when known,
 * of the address or user it is for; 429 when one is spent, before the code is even looked at.
 */
export function enforceVerifyLimit(
  ctx: BackendContext,
  request: ApiRequest,
  action: string,
  who?: string,
): void {
  const rule = ctx.config.rateLimits.verify;
  const ipOk = ctx.rateLimiter.hit(`ip:${action}:${request.ip}`, rule);
  const whoOk = who === undefined || ctx.rateLimiter.hit(`who:${action}:${who}`, rule);
  if (!ipOk || !whoOk) throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

/**
 * Where a link may send the user: `redirect_to` when it is a local development URL, the site URL, or an
 * allowed one; otherwise the site URL. This keeps emailed links from becoming open redirects.
 */
export function resolveRedirect(ctx: BackendContext, candidate: string | null | undefined): string {
  if (!candidate) return ctx.config.siteUrl;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return ctx.config.siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return ctx.config.siteUrl;
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  const allowed = [ctx.config.siteUrl, ...ctx.config.additionalRedirectUrls].some((prefix) =>
    candidate.startsWith(prefix),
  );
  return local || allowed ? candidate : ctx.config.siteUrl;
}

/** Reads PKCE parameters; both or neither must be present. */
export function readPkce(body: JsonObject): { challenge: string; method: 's256' | 'plain' } | undefined {
  const challenge = stringField(body, 'code_challenge');
  const method = stringField(body, 'code_challenge_method')?.toLowerCase();
  if (!challenge && !method) return undefined;
  if (!challenge || !method)
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (method !== 's256' && method !== 'plain') throw validationFailed('code challenge method not supported');
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge))
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { challenge, method };
}

/** Stores a PKCE flow for a link the user will follow; returns its id to attach to the one-time token. */
export async function createFlowState(
  q: Queryable,
  input: { userId: string; pkce: { challenge: string; method: string }; authenticationMethod: string },
): Promise<string> {
  const id = randomUUID();
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
     values ($1::uuid, $2::uuid, $3, $4, $5, 'email', $6)`,
    [id, input.userId, randomUUID(), input.pkce.method, input.pkce.challenge, input.authenticationMethod],
  );
  return id;
}

export function verifyLink(ctx: BackendContext, tokenHash: string, type: string, redirectTo: string): string {
  const params = new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo });
  return `${ctx.apiUrl}/auth/v1/verify?${params.toString()}`;
}
