import { expect, test, type APIRequestContext } from '@playwright/test';

import {
  accountWithAuthenticator,
  askForRecoveryLink,
  freshTotpCode,
  PASSWORD,
  signInWithPassword,
  totpCode,
} from './support/accounts.ts';
import { API_URL, createAccount, latestMail, uniqueEmail, type MailboxMessage } from './support/backend.ts';
import { expectNoSeriousViolations } from './support/voice.ts';

test('enrols an authenticator in the profile, is asked for its code at sign-in, and removes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('two-step');
  await createAccount(request, email, PASSWORD);
  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/app$/);

  await page.goto('/profile');
  await expect(page.getByText('Two-step verification is off.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

  const secretText = page.getByTestId('totp-secret');
  await expect(secretText).toHaveText('•••• •••• •••• ••••');
  await page.getByRole('button', { name: 'Show secret key' }).click();
  await expect(secretText).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = (await secretText.textContent()) ?? '';

  await page.getByLabel('Authenticator code').fill('12345');
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByText('Enter the six digits your authenticator app shows.')).toBeVisible();
  const first = await freshTotpCode(secret, null);
  await page.getByLabel('Authenticator code').fill(first);
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByText(/Two-step verification is on:/)).toBeVisible();

  // Signing in again: the password alone is not enough, and a private page waits for the code.
  await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/notes?tag=work');
  await expect(page).toHaveURL(/\/auth$/);
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByLabel('Authenticator code').fill(first === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText("That code didn't work.", { exact: false })).toBeVisible();
  await page.getByLabel('Authenticator code').fill(await freshTotpCode(secret, first));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/notes\?tag=work$/);

  // A reload keeps the aal2 session signed in; removing the factor turns two-step verification off.
  await page.goto('/profile');
  await expect(page.getByText(/Two-step verification is on:/)).toBeVisible();
  await page.getByRole('button', { name: 'Remove authenticator' }).click();
  await expect(page.getByText('Two-step verification is off.')).toBeVisible();
});

test('with two-step verification, a forgotten password is recovered with the link, then the code, then the new password', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('two-step-recovery');
  const secret = await accountWithAuthenticator(request, email);
  // Enrolling used this step's code; a code is accepted once per step.
  const used = totpCode(secret);
  await askForRecoveryLink(page, email);
  const mail = await latestMail(request, email);
  await page.goto(mail.action_link ?? '');

  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await expect(
    page.getByText('Your account uses two-step verification: enter your code, then choose a new password.'),
  ).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Authenticator code').fill(await freshTotpCode(secret, used));
  await page.getByRole('button', { name: 'Verify' }).click();

  await page.getByLabel('New password', { exact: true }).fill('Brand&new42pass');
  await page.getByLabel('Confirm new password').fill('Brand&new42pass');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText("Password changed. You're signed in.")).toBeVisible();
  await expectNoSeriousViolations(page);
});

/** The newest text the development SMS outbox holds for a number, once there are more than `after`. */
async function nextText(request: APIRequestContext, digits: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${API_URL}/mailbox/messages?to=${digits}`);
      const messages = (await response.json()) as MailboxMessage[];
      code = messages[0]?.code ?? '';
      return messages.length;
    })
    .toBeGreaterThan(after);
  return code;
}

test('turns on two-step verification by text message, is texted a code at sign-in, and turns it off', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('two-step-sms');
  const digits = `4477009${String(Date.now()).slice(-5)}`;
  await createAccount(request, email, PASSWORD);
  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/app$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Use text messages instead' }).click();
  await page.getByLabel('Phone number').fill('12345');
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByText('Enter the number with its country code', { exact: false })).toBeVisible();
  await page.getByLabel('Phone number').fill(`+${digits}`);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByText(`We sent a six-digit code to +${digits}.`, { exact: false })).toBeVisible();
  await page.getByLabel('Code from the text message').fill(await nextText(request, digits, 0));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(
    page.getByText('signing in asks for a code we text to your phone.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(`Text messages to +${digits}`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByText(`We texted a six-digit code to +${digits}.`, { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel('Code from the text message').fill(await nextText(request, digits, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Stop texting codes' }).click();
  await expect(page.getByText('Two-step verification is off.')).toBeVisible();
});
