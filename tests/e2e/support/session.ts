import type { Page } from '@playwright/test';

/**
 * Signs a test user in through the real session mechanism: the storage entry supabase-js reads
 * (sb-<project ref>-auth-token, where the ref is the backend host's first label). The session is a
 * real one from the local backend, so the sync engine, the session guard and every server call see a
 * genuine account; nothing in the app is told it is a test.
 */
export const SUPABASE_URL = process.env['VITE_SUPABASE_URL'] ?? 'http://127.0.0.1:54321';
export const SESSION_STORAGE_KEY = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`;
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const TEST_PASSWORD = 'Murmur-test-password-1';

let counter = 0;

export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email?: string } & Record<string, unknown>;
}

async function authCall(path: string, body: object): Promise<Response> {
  return fetch(`${SUPABASE_URL}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A session for `email` (signed up now, or signed in if the account exists), as supabase-js stores it. */
export async function realSession(email?: string): Promise<StoredSession> {
  counter += 1;
  const address = email ?? `member-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
  let response = await authCall('signup', { email: address, password: TEST_PASSWORD });
  if (response.status === 422) {
    response = await authCall('token?grant_type=password', { email: address, password: TEST_PASSWORD });
  }
  const body = (await response.json()) as Partial<StoredSession>;
  if (!response.ok || !body.access_token) {
    throw new Error(`could not sign ${address} in: ${response.status} ${JSON.stringify(body)}`);
  }
  return {
    ...(body as StoredSession),
    expires_at: body.expires_at ?? Math.floor(Date.now() / 1000) + (body.expires_in ?? 3600),
  };
}

/** Stores a real session before any page script runs, for every page of the context. */
export async function signInBeforeLoad(page: Page, email?: string): Promise<StoredSession> {
  const session = await realSession(email);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  return session;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A well-formed but unsigned session, for the few tests that answer the auth calls themselves (for
 * example a token refresh held back to watch the loading state). The backend would refuse it.
 */
export function fakeSession(email = 'ada@example.com', expiresInS = 3600): StoredSession {
  const now = Math.floor(Date.now() / 1000);
  const userId = '6f1c2f8e-8c2b-4a63-9a53-3b0f0f7c1a01';
  const accessToken = [
    base64url({ alg: 'HS256', typ: 'JWT' }),
    base64url({
      sub: userId,
      email,
      role: 'authenticated',
      aud: 'authenticated',
      exp: now + expiresInS,
      iat: now,
    }),
    'signature',
  ].join('.');
  return {
    access_token: accessToken,
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: expiresInS,
    expires_at: now + expiresInS,
    user: {
      id: userId,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { onboarded_at: new Date(now * 1000).toISOString() },
      identities: [],
      created_at: new Date(now * 1000).toISOString(),
    },
  };
}

export async function storeFakeSessionBeforeLoad(page: Page, session: StoredSession): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
}
