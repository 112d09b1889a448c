import { expect, test, type Page } from '@playwright/test';

import { allowNoteLockWithPin } from './support/note-lock.ts';
import { signInBeforeLoad } from './support/session.ts';
import { expectNoSeriousViolations } from './support/voice.ts';

const bodyField = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true });
const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });

/**
 * A passkey unlocks locked notes on this device, checked by the app itself (no server in the loop).
 * Chromium's virtual authenticator (CDP WebAuthn) stands in for Touch ID or Windows Hello. WebAuthn
 * refuses IP addresses as relying-party ids, so this test opens the app on localhost.
 */
test('a passkey added in the note-lock settings unlocks a locked note; a failed check leaves it locked', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await signInBeforeLoad(page);
  const base = new URL(String(testInfo.project.use.baseURL));
  base.hostname = 'localhost';
  await page.goto(new URL('/notes', base).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();

  await allowNoteLockWithPin(page, '2468');
  await page.getByRole('button', { name: 'Also unlock with a passkey on this device' }).click();
  await expect(page.getByText('Passkey added: locked notes open with it on this device.')).toBeVisible();

  await page.getByRole('button', { name: 'New note' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type('Plans');
  await bodyField(page).fill('the surprise party is on Friday');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Lock note' }).click();
  await expect(page.getByRole('heading', { name: 'This note is locked' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Unlock with passkey' }).click();
  await expect(bodyField(page)).toHaveValue('the surprise party is on Friday');
  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect(bodyField(page)).toHaveCount(0);

  // Without user verification (no fingerprint, face or device PIN) the passkey does not open the note.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await page.getByRole('button', { name: 'Unlock with passkey' }).click();
  await expect(
    page.getByText('The passkey did not unlock this note. Try again, or use your PIN.'),
  ).toBeVisible();
  expect(await page.content()).not.toContain('surprise party');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(bodyField(page)).toHaveValue('the surprise party is on Friday');
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(page).getByRole('link', { name: /Plans/ })).toBeVisible();
});
