import { expect, test, type Page } from '@playwright/test';

import { askForRecoveryLink, chooseAnotherWay } from './support/accounts.ts';
import { createAccount, latestMail, uniqueEmail } from './support/backend.ts';

const PASSWORD = 'Tulips&tea42';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
}

test.describe('accounts on the local backend', () => {
  test('a newcomer creates an account and lands on onboarding', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    await page.goto('/auth#sign-up');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await expect(page.getByText('Too short')).toBeVisible();
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await expect(page.getByText('Strong', { exact: true })).toBeVisible();
    // The earlier refusal goes once the password would be accepted.
    await expect(page.getByText('Use at least 8 characters.')).toBeHidden();
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/app$/);
    // No name given yet: home greets without one, and never by the email address.
    await expect(page.getByTestId('home-greeting')).toHaveText(/^(Good (morning|afternoon|evening)|Hello)$/);
  });

  test('signing in returns the visitor to the page they asked for', async ({ page, request }) => {
    const email = uniqueEmail('returning');
    await createAccount(request, email, PASSWORD);
    await page.goto('/notes?tag=travel');
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/notes\?tag=travel$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  });

  test('explains a wrong password and empty fields in plain language', async ({ page, request }) => {
    const email = uniqueEmail('typo');
    await createAccount(request, email, PASSWORD);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible();
    await signIn(page, email, 'Wrong-password-1');
    await expect(page.getByText("That email and password don't match an account.")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an existing address cannot be registered twice', async ({ page, request }) => {
    const email = uniqueEmail('twice');
    await createAccount(request, email, PASSWORD);
    await page.goto('/auth#sign-up');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('New password', { exact: true }).fill('Another&pass99');
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await expect(page.getByText('An account with this email already exists. Sign in instead.')).toBeVisible();
  });

  test('recovers a forgotten password through the link in the mailbox', async ({ page, request }) => {
    const email = uniqueEmail('forgetful');
    await createAccount(request, email, PASSWORD);
    await askForRecoveryLink(page, email);

    const mail = await latestMail(request, email);
    expect(mail.action_link).toBeTruthy();
    await page.goto(mail.action_link ?? '');
    await expect(page).toHaveURL(/\/auth\/reset-password/);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    // During recovery the app is not signed in: no bottom bar, no way into private screens.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    // The recovery secrets are gone from the address.
    await expect.poll(() => new URL(page.url()).search + new URL(page.url()).hash).toBe('');

    await page.getByLabel('New password', { exact: true }).fill('Brand&new42pass');
    await page.getByLabel('Confirm new password').fill('Brand&new42pass!');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText("The two passwords don't match.")).toBeVisible();
    await page.getByLabel('Confirm new password').fill('Brand&new42pass');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByText("Password changed. You're signed in.")).toBeVisible();
  });

  test('a recovery page without a valid link says so', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await expect(page.getByText('This link is no longer valid.')).toBeVisible();
    await page.getByRole('link', { name: 'Send a new link' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send recovery link' })).toBeVisible();
  });

  test('signs in with a code sent by email', async ({ page, request }) => {
    const email = uniqueEmail('passwordless');
    await createAccount(request, email, PASSWORD);
    await page.goto('/auth');
    await chooseAnotherWay(page, 'Email me a code');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We sent a six-digit code to ${email}`)).toBeVisible();
    const mail = await latestMail(request, email);
    expect(mail.code).toMatch(/^\d{6}$/);
    await page.getByLabel('Six-digit code').fill('000000');
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect(page.getByText('That code is wrong or has expired.')).toBeVisible();
    await page.getByLabel('Six-digit code').fill(mail.code ?? '');
    await page.getByRole('button', { name: 'Sign in with code' }).click();
    await expect(page).toHaveURL(/\/app$/);
  });
});

test.describe('the profile and signing out', () => {
  test('saves a display name and signs out with a goodbye', async ({ page, request }) => {
    const email = uniqueEmail('leaving');
    await createAccount(request, email, PASSWORD);
    await page.goto('/auth');
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/app$/);

    await page.goto('/profile');
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByLabel('Display name').fill('Ada');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Ada');

    await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
    await expect(page.getByText('Logged Out Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')),
    );
    expect(stored).toEqual([]);
    await page.goto('/notes');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a revoked session is removed and the user is asked to sign in', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'sb-127-auth-token',
        JSON.stringify({
          access_token: 'x',
          refresh_token: 'revoked',
          expires_at: 1,
          expires_in: 3600,
          token_type: 'bearer',
          user: { id: 'u' },
        }),
      ),
    );
    await page.goto('/notes');
    await expect(page).toHaveURL(/\/auth$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sb-127-auth-token'))).toBeNull();
  });
});
