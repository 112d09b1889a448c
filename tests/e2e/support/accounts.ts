import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

import { ANON_KEY, API_URL } from './backend.ts';
import { SESSION_STORAGE_KEY } from './session.ts';

export const PASSWORD = 'Tulips&tea42';

/** Signs in through the auth panel's email and password form. */
export async function signInWithPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
}

/**
 * Creates an account on the backend and stores its real session before the page loads, the way
 * supabase-js keeps it, for screens that talk to the server with the user's token.
 */
export async function signInForReal(
  page: Page,
  request: APIRequestContext,
  email: string,
  apiUrl = API_URL,
): Promise<{ id: string }> {
  const response = await request.post(`${apiUrl}/auth/v1/signup`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as { user: { id: string } };
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  return session.user;
}

/** A TOTP code for the secret the profile shows, as an authenticator app would compute it. */
export function totpCode(secret: string, at = Date.now()): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: at });
}

/** The next code that differs from `used` (a code is accepted once per 30-second step at most). */
export async function freshTotpCode(secret: string, used: string | null): Promise<string> {
  let code = totpCode(secret);
  while (code === used) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = totpCode(secret);
  }
  return code;
}
