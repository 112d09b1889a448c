import type { BackendContext } from '../backend-context.ts';
import { isPgError } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { jsonResponse } from '../http/api-request.ts';
import { adminDeleteUser } from './admin-users.ts';
import { API_VERSION_HEADERS, authError } from './auth-error.ts';
import { logout } from './logout.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.ts';
import { authorize, callback, devIdpPage, linkIdentityAuthorize, sso, unlinkIdentity } from './oauth.ts';
import { otp, recover, resend } from './recover-otp-resend.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, reauthenticate, updateUser } from './user-endpoint.ts';
import { verifyGet, verifyPost } from './verify.ts';

type Handler = (ctx: BackendContext, request: ApiRequest) => Promise<ApiResponse>;

const settings: Handler = async (ctx) =>
  jsonResponse(200, {
    external: {
      email: true,
      phone: true,
      anonymous_users: ctx.config.enableAnonymousSignIns,
      google: false,
      github: false,
      apple: false,
    },
    disable_signup: false,
    mailer_autoconfirm: !ctx.config.enableEmailConfirmation,
    phone_autoconfirm: false,
    sms_provider: 'mailbox',
    saml_enabled: false,
    passkeys_enabled: false,
  });

/** HS256 keys are symmetric and never published (GoTrue jwks.go), so the set is empty. */
const jwks: Handler = async () => jsonResponse(200, { keys: [] }, { 'Cache-Control': 'public, max-age=600' });

const health: Handler = async () =>
  jsonResponse(200, {
    version: 'murmur-local',
    name: 'GoTrue',
    description: 'Murmur local auth (GoTrue-compatible)',
  });

const ROUTES: Record<string, Partial<Record<string, Handler>>> = {
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/recover': { POST: recover },
  '/otp': { POST: otp },
  '/resend': { POST: resend },
  '/verify': { GET: verifyGet, POST: verifyPost },
  '/reauthenticate': { GET: reauthenticate },
  '/settings': { GET: settings },
  '/.well-known/jwks.json': { GET: jwks },
  '/health': { GET: health },
  '/factors': { POST: enrollFactor },
  '/authorize': { GET: authorize },
  '/dev-idp': { GET: devIdpPage },
  '/callback': { GET: callback },
  '/sso': { POST: sso },
  '/user/identities/authorize': { GET: linkIdentityAuthorize },
};

/** An id from the path, decoded; a malformed percent-encoding (`%ZZ`) is the caller's error. */
function pathId(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw authError(400, 'validation_failed', 'Malformed id in the path');
  }
}

/** /factors/<id>[/challenge|/verify] */
function factorRoute(path: string, method: string): Handler | undefined {
  const admin = /^\/admin\/users\/([^/]+)$/.exec(path);
  if (admin && method === 'DELETE') {
    const id = pathId(admin[1]);
    return (ctx, request) => adminDeleteUser(ctx, request, id);
  }
  const identity = /^\/user\/identities\/([^/]+)$/.exec(path);
  if (identity && method === 'DELETE') {
    const id = pathId(identity[1]);
    return (ctx, request) => unlinkIdentity(ctx, request, id);
  }
  const match = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(path);
  if (!match) return undefined;
  const id = pathId(match[1]);
  if (match[2] === '/challenge' && method === 'POST')
    return (ctx, request) => challengeFactor(ctx, request, id);
  if (match[2] === '/verify' && method === 'POST') return (ctx, request) => verifyFactor(ctx, request, id);
  if (match[2] === undefined && method === 'DELETE')
    return (ctx, request) => unenrollFactor(ctx, request, id);
  return async () => {
    throw authError(405, 'method_not_allowed', 'Method not allowed');
  };
}

/** Routes reachable without an apikey: opened from email links or fetched by browsers directly (Kong's open routes). */
export const OPEN_AUTH_ROUTES = new Set([
  '/verify',
  '/callback',
  '/authorize',
  '/dev-idp',
  '/.well-known/jwks.json',
  '/health',
]);

/**
 * Database errors a request itself can cause stay 4xx (supabase-js retries 5xx from auth): two sign-ups racing
 * for one address, or a value Postgres rejects.
 */
function clientDatabaseError(error: unknown): ApiError | undefined {
  if (!isPgError(error)) return undefined;
  if (error.code === '23505') return authError(422, 'user_already_exists', 'User already registered');
  if (error.code.startsWith('22')) return authError(400, 'validation_failed', 'Invalid input');
  return undefined;
}

export async function routeAuth(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  const path = request.path.replace(/\/+$/, '') || '/';
  const methods = ROUTES[path];
  try {
    const handler =
      methods?.[request.method === 'HEAD' ? 'GET' : request.method] ?? factorRoute(path, request.method);
    if (!methods && !handler) throw authError(404, 'not_found', 'Not found');
    if (!handler) throw authError(405, 'method_not_allowed', 'Method not allowed');
    const response = await handler(ctx, request);
    return { ...response, headers: { ...API_VERSION_HEADERS, ...response.headers } };
  } catch (error) {
    const mapped = error instanceof ApiError ? error : clientDatabaseError(error);
    if (mapped)
      return jsonResponse(mapped.status, mapped.body, { ...API_VERSION_HEADERS, ...mapped.headers });
    throw error;
  }
}
