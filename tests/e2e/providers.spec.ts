import { expect, test, type Page } from '@playwright/test';

import { chooseAnotherWay, PASSWORD, signInWithPassword } from './support/accounts.ts';
import { API_URL, createAccount, latestMail, uniqueEmail } from './support/backend.ts';

/** The development identity provider's page (server/auth/oauth.ts) stands in for Google, Apple, GitHub and SSO. */
async function continueAtDevProvider(page: Page, email: string, provider: string) {
  await expect(page).toHaveURL(new RegExp(`^${API_URL}/auth/v1/dev-idp`));
  await expect(page.getByText(`Sign in with ${provider}`, { exact: false })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('signing in without a password', () => {
  test('offers the configured providers and returns to the asked page after GitHub', async ({ page }) => {
    await page.goto('/notes?tag=travel');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'More ways to sign in' }).click();
    for (const provider of ['Google', 'Apple', 'GitHub'])
      await expect(page.getByRole('button', { name: `Continue with ${provider}` })).toBeVisible();
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await continueAtDevProvider(page, uniqueEmail('octocat'), 'github');
    await expect(page).toHaveURL(/\/notes\?tag=travel$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  });

  test('signs in with SSO by company domain', async ({ page }) => {
    await page.goto('/auth');
    await chooseAnotherWay(page, 'Company sign-in (SSO)');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(page.getByText("Enter your company's email domain.")).toBeVisible();
    await page.getByLabel('Company email domain').fill('https://acme.example');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await expect(page.getByText('Enter a domain like example.com', { exact: false })).toBeVisible();
    await page.getByLabel('Company email domain').fill('acme.example');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await continueAtDevProvider(page, uniqueEmail('employee'), 'sso');
    await expect(page).toHaveURL(/\/app$/);
  });

  test('signs in with a code sent by text message', async ({ page, request }) => {
    const digits = `4915${String(Date.now()).slice(-8)}`;
    await page.goto('/auth');
    await chooseAnotherWay(page, 'Text me a code');
    await page.getByLabel('Phone number').fill('0151 234');
    await page.getByRole('button', { name: 'Text me a code' }).last().click();
    await expect(page.getByText('Enter the number with its country code', { exact: false })).toBeVisible();
    await page.getByLabel('Phone number').fill(`+${digits.slice(0, 2)} ${digits.slice(2)}`);
    await page.getByRole('button', { name: 'Text me a code' }).last().click();
    await expect(page.getByText(`We sent a six-digit code to +${digits}`)).toBeVisible();
    const sms = await latestMail(request, digits);
    expect(sms.code).toMatch(/^\d{6}$/);
    await page.getByLabel('Six-digit code').fill(sms.code ?? '');
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect(page).toHaveURL(/\/app$/);
  });
});

test('links and unlinks a provider in the profile', async ({ page, request }) => {
  const email = uniqueEmail('linker');
  await createAccount(request, email, PASSWORD);
  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Unlink Email' })).toBeDisabled();
  await page.getByRole('button', { name: 'Link Google', exact: true }).click();
  await continueAtDevProvider(page, email, 'google');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Unlink Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link Google', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Unlink Google' }).click();
  await expect(page.getByText('Google unlinked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link Google', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlink Email' })).toBeDisabled();
});

test('explains a provider account that belongs to someone else', async ({ page, request, baseURL }) => {
  // Someone else already signs in with this Google account (through the development provider).
  const taken = uniqueEmail('taken');
  const authorize = await request.get(
    `${API_URL}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${baseURL}/`)}`,
    { maxRedirects: 0 },
  );
  const idp = new URL(authorize.headers()['location'] ?? '');
  const callback = await request.get(
    `${API_URL}/auth/v1/callback?state=${idp.searchParams.get('state')}&email=${encodeURIComponent(taken)}`,
    { maxRedirects: 0 },
  );
  expect(callback.status()).toBe(303);

  const email = uniqueEmail('claimant');
  await createAccount(request, email, PASSWORD);
  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Link Google', exact: true }).click();
  await continueAtDevProvider(page, taken, 'google');
  await expect(page.getByText('That sign-in is already linked to another Murmur account.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Unlink Google' })).toHaveCount(0);
});
