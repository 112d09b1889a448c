import { expect, test, type Page } from '@playwright/test';

import {
  accountWithAuthenticator,
  freshTotpCode,
  PASSWORD,
  signInWithPassword,
  totpCode,
} from './support/accounts.ts';
import { createAccount, latestMail, uniqueEmail } from './support/backend.ts';
import { expectNoSeriousViolations } from './support/voice.ts';

async function signedInOnProfile(page: Page, email: string) {
  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/profile');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

test('changes the email address after the link sent to the new one is opened', async ({ page, request }) => {
  const email = uniqueEmail('moving');
  const next = uniqueEmail('moved');
  await createAccount(request, email, PASSWORD);
  await signedInOnProfile(page, email);

  await page.getByLabel('New email address').fill(next);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Waiting for confirmation: open the link we sent to ${next}`)).toBeVisible();
  await expect(page.getByText(`Your email address is ${email}.`)).toBeVisible();

  const mail = await latestMail(request, next);
  expect(mail.action_link).toBeTruthy();
  await page.goto(mail.action_link ?? '');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(`Your email address is ${next}.`)).toBeVisible();
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);
});

test('changes the password, which then signs in', async ({ page, request }) => {
  const email = uniqueEmail('rotating');
  await createAccount(request, email, PASSWORD);
  await signedInOnProfile(page, email);

  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('New password', { exact: true }).fill('Fresh&paint77');
  await form.getByLabel('Confirm new password').fill('Fresh&paint78');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText("The two passwords don't match.")).toBeVisible();
  await form.getByLabel('Confirm new password').fill('Fresh&paint77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page.getByText("That email and password don't match an account.")).toBeVisible();
  await signInWithPassword(page, email, 'Fresh&paint77');
  await expect(page).toHaveURL(/\/app$/);
});

/** The id of the signed-in user, from the session supabase-js keeps. */
async function signedInUserId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id?: string } }).user?.id;
  });
}

async function localDatabases(page: Page): Promise<(string | undefined)[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
}

/** What a deleted account leaves: the home page, no session, no local journal, no way back in. */
async function expectDeleted(page: Page, email: string, userId: string | undefined) {
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'))),
  ).toEqual([]);
  await expect.poll(async () => localDatabases(page)).not.toContain(`murmur-user-${userId}`);

  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page.getByText("That email and password don't match an account.")).toBeVisible();
}

test('deletes the account from the server and the device after confirmation with the password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('farewell');
  await createAccount(request, email, PASSWORD);
  await signedInOnProfile(page, email);
  const userId = await signedInUserId(page);
  await expect.poll(async () => localDatabases(page)).toContain(`murmur-user-${userId}`);

  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  await expect(section.getByLabel(`Type ${email} to confirm`)).toBeFocused();
  await section.getByLabel(`Type ${email} to confirm`).fill('someone@example.com');
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(section.getByText("That doesn't match your account's address.")).toBeVisible();
  await expect(section.getByText('Enter your password.')).toBeVisible();
  await section.getByRole('button', { name: 'Keep my account' }).click();
  await expect(section.getByRole('button', { name: 'Delete my account…' })).toBeFocused();

  // The session this page holds is not enough: the password is asked again, and a wrong one deletes nothing.
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  await section.getByLabel(`Type ${email} to confirm`).fill(email);
  await section.getByLabel('Your password').fill('Not&my-password7');
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    "That password isn't right. Try again, or have a code emailed to you instead.",
  );
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expectDeleted(page, email, userId);
});

test('deletes the account with a code emailed instead of the password', async ({ page, request }) => {
  const email = uniqueEmail('farewell-code');
  await createAccount(request, email, PASSWORD);
  await signedInOnProfile(page, email);
  const userId = await signedInUserId(page);

  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  await section.getByLabel(`Type ${email} to confirm`).fill(email);
  await section.getByRole('button', { name: 'Email me a code instead' }).click();
  await expect(section.getByLabel('Your password')).toHaveCount(0);
  await expect(
    section.getByText(`we'll email a six-digit code to ${email}.`, { exact: false }),
  ).toBeVisible();
  await section.getByRole('button', { name: 'Email me a code', exact: true }).click();
  await expect(
    section.getByText(`We sent a six-digit code to ${email}. Enter it to delete your account.`),
  ).toBeVisible();
  await expect(section.getByLabel('Six-digit code')).toBeFocused();
  await expectNoSeriousViolations(page);
  const mail = await latestMail(request, email);
  await section.getByLabel('Six-digit code').fill(mail.code ?? '');
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expectDeleted(page, email, userId);
});

test('with two-step verification, deleting asks for the password and then the code, on the profile', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('farewell-two-step');
  const secret = await accountWithAuthenticator(request, email);
  const enrolled = totpCode(secret);
  await page.goto('/auth');
  await signInWithPassword(page, email);
  const atSignIn = await freshTotpCode(secret, enrolled);
  await page.getByLabel('Authenticator code').fill(atSignIn);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/profile');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const userId = await signedInUserId(page);

  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  await section.getByLabel(`Type ${email} to confirm`).fill(email);
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  // The new sign-in owes its second step; the app's own session is untouched, so the page stays.
  await expect(section.getByLabel('Authenticator code')).toBeFocused();
  await expect(page).toHaveURL(/\/profile$/);
  await expectNoSeriousViolations(page);
  await section.getByLabel('Authenticator code').fill(await freshTotpCode(secret, atSignIn));
  await section.getByRole('button', { name: 'Verify' }).click();
  await expectDeleted(page, email, userId);
});
