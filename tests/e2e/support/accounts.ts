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

/** An account of `email` with PASSWORD and a verified TOTP factor; answers the factor's secret. */
export async function accountWithAuthenticator(request: APIRequestContext, email: string): Promise<string> {
  const headers = { apikey: ANON_KEY, 'content-type': 'application/json' };
  const signup = await request.post(`${API_URL}/auth/v1/signup`, {
    headers,
    data: { email, password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const bearer = {
    ...headers,
    authorization: `Bearer ${((await signup.json()) as { access_token: string }).access_token}`,
  };
  const enrol = await request.post(`${API_URL}/auth/v1/factors`, {
    headers: bearer,
    data: { factor_type: 'totp', friendly_name: 'Murmur' },
  });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const factor = (await enrol.json()) as { id: string; totp: { secret: string } };
  const challenge = await request.post(`${API_URL}/auth/v1/factors/${factor.id}/challenge`, {
    headers: bearer,
    data: {},
  });
  const challengeId = ((await challenge.json()) as { id: string }).id;
  const verify = await request.post(`${API_URL}/auth/v1/factors/${factor.id}/verify`, {
    headers: bearer,
    data: { challenge_id: challengeId, code: totpCode(factor.totp.secret) },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  return factor.totp.secret;
}

/**
 * An account with a verified TOTP factor, and a fresh password sign-in for it: an aal1 session that
 * still owes its second factor (what the sign-in form leaves behind before the code is entered).
 */
export async function enrolledAccountAtAal1(request: APIRequestContext, email: string): Promise<unknown> {
  const headers = { apikey: ANON_KEY, 'content-type': 'application/json' };
  await accountWithAuthenticator(request, email);
  const signIn = await request.post(`${API_URL}/auth/v1/token?grant_type=password`, {
    headers,
    data: { email, password: PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return signIn.json();
}

/** Opens the auth panel's "More ways to sign in" and picks `way` (a code by email or text, SSO, a provider). */
export async function chooseAnotherWay(page: Page, way: string): Promise<void> {
  await page.getByRole('button', { name: 'More ways to sign in' }).click();
  await page.getByRole('button', { name: way }).click();
}

/** Asks for a recovery link for `email` on the sign-in page, as a person who forgot their password. */
export async function askForRecoveryLink(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
}
