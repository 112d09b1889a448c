/**
 * delete-account: removes the calling user's account. The caller proves who they are with their own
 * access token (checked by the auth service, not just by signature); the deletion itself uses the
 * service role through the auth admin API, and the user's rows go with the auth user through the
 * foreign keys the migrations declare on auth.users (on delete cascade).
 *
 * A valid session is not enough: the caller must have signed in recently (as GoTrue asks for sensitive
 * changes), so that someone holding an unlocked device with a long-lived session cannot delete the
 * account. The answer `reauthentication_needed` tells the app to have the person sign in again.
 *
 * Plain fetch only, so the same file runs on Supabase's Deno runtime and in the local backend.
 */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/**
 * How long after signing in the account may be deleted: long enough to sign in again, enter a second
 * step's code and confirm, short enough that a session left open on a device does not qualify.
 */
const RECENT_SIGN_IN_SECONDS = 10 * 60;

/**
 * Second steps (GoTrue's AMR methods for MFA): they raise a session to aal2 but do not show that the
 * person who signed the session in is here again, so they never make a sign-in recent.
 */
const SECOND_STEPS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' },
  });
}

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The claims of a bearer token the auth service has accepted (its signature is its business). */
function tokenClaims(authorization: string): Record<string, unknown> {
  try {
    const payload = authorization.replace(/^Bearer\s+/i, '').split('.')[1] ?? '';
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * When the session was last signed in, in seconds: the newest `amr` entry (`{method, timestamp}`) of a
 * first-factor method; null when the claims carry none (then the sign-in counts as not recent).
 */
function signedInAt(claims: Record<string, unknown>): number | null {
  const amr = claims['amr'];
  if (!Array.isArray(amr)) return null;
  let newest: number | null = null;
  for (const entry of amr as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { method, timestamp } = entry as { method?: unknown; timestamp?: unknown };
    if (typeof method !== 'string' || SECOND_STEPS.has(method)) continue;
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) continue;
    if (newest === null || timestamp > newest) newest = timestamp;
  }
  return newest;
}

async function handle(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
  if (request.method !== 'POST') return json(405, { error: 'Use POST to delete your account.' });
  const authorization = request.headers.get('Authorization') ?? '';
  if (!/^Bearer\s+\S+$/i.test(authorization)) return json(401, { error: 'Sign in to delete your account.' });

  const url = required('SUPABASE_URL').replace(/\/+$/, '');
  const anonKey = required('SUPABASE_ANON_KEY');
  const serviceKey = required('SUPABASE_SERVICE_ROLE_KEY');

  // Who is asking: the auth service checks the token's session, not only its signature.
  const me = await fetch(`${url}/auth/v1/user`, {
    headers: { Authorization: authorization, apikey: anonKey },
  });
  if (!me.ok) return json(401, { error: 'Sign in to delete your account.' });
  const user = (await me.json()) as { id?: unknown; factors?: { status?: unknown }[] };
  if (typeof user.id !== 'string' || !UUID.test(user.id))
    return json(401, { error: 'Sign in to delete your account.' });
  // A password alone never deletes the account of a user with a verified factor (as RLS, aal2).
  const claims = tokenClaims(authorization);
  const enrolled = (user.factors ?? []).some((factor) => factor.status === 'verified');
  if (enrolled && claims['aal'] !== 'aal2')
    return json(403, {
      code: 'aal2_required',
      error: 'This account uses two-step verification: sign in with its code first.',
    });
  const signedIn = signedInAt(claims);
  if (signedIn === null || Date.now() / 1000 - signedIn > RECENT_SIGN_IN_SECONDS)
    return json(403, { code: 'reauthentication_needed', error: 'Sign in again to delete your account.' });

  const deleted = await fetch(`${url}/auth/v1/admin/users/${user.id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${serviceKey}`, apikey: serviceKey },
  });
  if (!deleted.ok) {
    console.error(`delete-account: the auth service answered ${deleted.status}`);
    return json(502, { error: 'The account could not be deleted. Please try again.' });
  }
  return json(200, { deleted: true });
}

Deno.serve(async (request) => {
  try {
    return await handle(request);
  } catch (error) {
    console.error('delete-account failed', error instanceof Error ? error.message : error);
    return json(500, { error: 'The account could not be deleted. Please try again.' });
  }
});

export {};
