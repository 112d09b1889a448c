import { createClient, type SupabaseClient, type User } from 'npm:@supabase/supabase-js@2.119.1';

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The service role: bypasses RLS, so only functions (never browsers) write subscriptions. */
export function adminClient(): SupabaseClient {
  return createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** The user whose access token came with the request, or null. */
export async function requestUser(request: Request): Promise<User | null> {
  const authorization = request.headers.get('Authorization');
  if (!authorization?.startsWith('Bearer ')) return null;
  const client = createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: authorization } },
  });
  const { data, error } = await client.auth.getUser(authorization.slice('Bearer '.length));
  return error ? null : data.user;
}

/** The claims of the request's bearer token; its session was already checked by the auth service. */
function tokenClaims(request: Request): Record<string, unknown> {
  const token = request.headers.get('Authorization')?.slice('Bearer '.length) ?? '';
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * True when `user` enrolled a verified factor and this request's session has not passed it (aal1): a
 * password alone must not act on their data, here as in the database's policies.
 */
export function needsSecondStep(request: Request, user: User): boolean {
  const enrolled = (user.factors ?? []).some((factor) => factor.status === 'verified');
  return enrolled && tokenClaims(request)['aal'] !== 'aal2';
}

/** The refusal for a session that must pass its second step first. */
export const SECOND_STEP_MESSAGE = 'This account uses two-step verification: sign in with its code first.';
