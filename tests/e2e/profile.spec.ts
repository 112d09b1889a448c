import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, signInWithPassword } from './support/accounts.ts';
import { createAccount, latestMail, uniqueEmail } from './support/backend.ts';

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

test('deletes the account from the server and the device after confirmation', async ({ page, request }) => {
  const email = uniqueEmail('farewell');
  await createAccount(request, email, PASSWORD);
  await signedInOnProfile(page, email);
  const userId = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id?: string } }).user?.id;
  });
  await expect
    .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
    .toContain(`murmur-user-${userId}`);

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await page.getByLabel(`Type ${email} to confirm`).fill('someone@example.com');
  await page.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page.getByText("That doesn't match your account's address.")).toBeVisible();
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await page.getByLabel(`Type ${email} to confirm`).fill(email);
  await page.getByRole('button', { name: 'Delete my account permanently' }).click();

  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token'))),
  ).toEqual([]);
  await expect
    .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
    .not.toContain(`murmur-user-${userId}`);

  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page.getByText("That email and password don't match an account.")).toBeVisible();
});
