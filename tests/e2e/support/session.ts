import type { Page } from '@playwright/test';

/**
 * Signs a test user in through the real session mechanism: the storage entry supabase-js reads
 * (sb-<project ref>-auth-token, where the ref is the backend host's first label). The token is a
 * well-formed JWT that expires in an hour; nothing in the app is told it is a test.
 */
export const SUPABASE_URL = process.env['VITE_SUPABASE_URL'] ?? 'http://127.0.0.1:54321';
export const SESSION_STORAGE_KEY = `sb-${new URL(SUPABASE_URL).hostname.split('.')[0]}-auth-token`;

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export const DEFAULT_USER_ID = '6f1c2f8e-8c2b-4a63-9a53-3b0f0f7c1a01';

export function fakeSession(email = 'ada@example.com', expiresInS = 3600, userId = DEFAULT_USER_ID) {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + expiresInS;
  const accessToken = [
    base64url({ alg: 'HS256', typ: 'JWT' }),
    base64url({ sub: userId, email, role: 'authenticated', aud: 'authenticated', exp: expiresAt, iat: now }),
    'signature',
  ].join('.');
  return {
    access_token: accessToken,
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: expiresInS,
    expires_at: expiresAt,
    user: {
      id: userId,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      identities: [],
      created_at: new Date(now * 1000).toISOString(),
    },
  };
}

/** Stores a session before any page script runs, for every page of the context. */
export async function signInBeforeLoad(
  page: Page,
  email?: string,
  expiresInS?: number,
  userId?: string,
): Promise<void> {
  const session = fakeSession(email, expiresInS, userId);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
}

/** Writes the session into the current origin's storage now (the page must be on the app's origin). */
export async function storeSession(page: Page, email?: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(fakeSession(email)),
  ] as const);
}
