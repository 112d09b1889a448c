import { expect, test, type CDPSession, type Page, type TestInfo } from '@playwright/test';

import { DEMO_SERVICE_ROLE_KEY } from '../../server/keys.ts';
import { seriousViolations } from './support/axe.ts';
import { seedNotes } from './support/seed-notes.ts';
import { SUPABASE_URL, signInBeforeLoad } from './support/session.ts';

const PASSPHRASE = 'otter lantern quarry velvet';
const NEW_PASSPHRASE = 'heron marmalade tundra bell';

/** What the server holds of the user's notes, read as the service role: as anyone with the database. */
async function notesOnServer(userId: string): Promise<string> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/notes?select=*&user_id=eq.${userId}`, {
    headers: { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
  });
  if (!response.ok) throw new Error(`reading the server's notes: ${response.status}`);
  return JSON.stringify(await response.json());
}

/** WebAuthn refuses IP addresses as relying-party ids, so the app is opened on localhost. */
function onLocalhost(testInfo: TestInfo, path: string): string {
  const base = new URL(String(testInfo.project.use.baseURL));
  base.hostname = 'localhost';
  return new URL(path, base).toString();
}

/**
 * Chromium's virtual authenticator (CDP WebAuthn) as the device's platform authenticator, one per page:
 * with `prf`, it evaluates the WebAuthn PRF extension as Touch ID, Windows Hello or a security key with
 * hmac-secret would.
 */
async function addAuthenticator(page: Page, prf: boolean): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: prf,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });

test('a passkey added in Settings → Privacy unlocks the encrypted journal with one tap on a device without the key, and confirms turning encryption off', async ({
  browser,
}, testInfo) => {
  // Argon2id (64 MiB) runs as encryption is turned on and as the passphrase changes; a passkey and
  // the recovery key need no stretching.
  test.setTimeout(150_000);
  const first = await (await browser.newContext()).newPage();
  const authenticator = await addAuthenticator(first, true);
  const session = await signInBeforeLoad(first);
  await seedNotes(SUPABASE_URL, session, 3);
  await first.goto(onLocalhost(testInfo, '/settings/privacy'));
  await first.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await first.getByLabel('Passphrase again').fill(PASSPHRASE);
  await first.getByRole('button', { name: 'Encrypt my journal' }).click();
  const recoveryKey = first.getByRole('status', { name: 'Your recovery key' });
  await expect(recoveryKey).toHaveText(/\S{20,}/, { timeout: 30_000 });
  const recovery = (await recoveryKey.textContent()) ?? '';
  await first.getByRole('button', { name: 'I have kept it' }).click();

  const passkeys = first.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Name of the new passkey').fill('Laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey for one-tap unlock' }).click();
  await expect(passkeys.getByText('Passkey added: it unlocks your journal with one tap.')).toBeVisible();
  await expect(
    passkeys.getByRole('list', { name: 'Passkeys that unlock your journal' }).getByRole('listitem'),
  ).toHaveText([/^Laptop/]);
  expect(await seriousViolations(first)).toEqual([]);
  // A new passphrase re-wraps the key for the passphrase only: the passkey's wrap is kept.
  await first.getByLabel('Current passphrase').fill(PASSPHRASE);
  await first.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await first.getByLabel('New passphrase again').fill(NEW_PASSPHRASE);
  await first.getByRole('button', { name: 'Change passphrase' }).click();
  await expect(first.getByText('Your passphrase is changed.')).toBeVisible({ timeout: 20_000 });
  await expect(passkeys.getByRole('listitem')).toHaveText([/^Laptop/]);
  // What was written before is resent sealed before this device forgets its key.
  await expect.poll(async () => /Body of note/.test(await notesOnServer(session.user.id))).toBe(false);

  // The same browser and authenticator with none of the app's data: a device without the key.
  await first.goto('about:blank');
  await authenticator.cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(onLocalhost(testInfo, '/')).origin,
    storageTypes: 'all',
  });
  await first.goto(onLocalhost(testInfo, '/notes'));
  const notice = first.getByRole('region', { name: 'Encrypted journal' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await notice.getByRole('link', { name: 'Unlock' }).click();
  const tap = first.getByRole('button', { name: 'Unlock with a passkey' });
  await expect(tap).toBeVisible();
  expect(await seriousViolations(first)).toEqual([]);

  await tap.click();
  await expect(first.getByText('Your journal is encrypted end to end.')).toBeVisible({ timeout: 20_000 });
  await first.goto(onLocalhost(testInfo, '/notes'));
  await expect(noteList(first).getByRole('link')).toHaveCount(3);
  await expect(noteList(first).getByRole('link', { name: /Note 0/ })).toBeVisible();

  // Another browser with the same passkey but no PRF for it (a copy of the credential without its
  // PRF secret): it says so, and the recovery key still unlocks.
  const second = await (await browser.newContext()).newPage();
  const other = await addAuthenticator(second, false);
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);
  for (const credential of credentials)
    await other.cdp.send('WebAuthn.addCredential', { authenticatorId: other.id, credential });
  await signInBeforeLoad(second, session.user.email);
  await second.goto(onLocalhost(testInfo, '/settings/privacy'));
  const secondTap = second.getByRole('button', { name: 'Unlock with a passkey' });
  await secondTap.click();
  await expect(second.getByRole('alert')).toHaveText(
    'This passkey can’t unlock the journal on this browser. Use your passphrase or recovery key.',
  );
  // Without user verification (no fingerprint, face or device PIN) the prompt fails, and says so.
  await other.cdp.send('WebAuthn.setUserVerified', { authenticatorId: other.id, isUserVerified: false });
  await secondTap.click();
  await expect(second.getByRole('alert')).toHaveText(
    'The passkey prompt was cancelled or timed out. Nothing was changed; try again, or use your passphrase or recovery key.',
  );
  await expect(second.getByLabel('Passphrase', { exact: true })).toBeEnabled();
  await second.getByRole('button', { name: 'Use the recovery key instead' }).click();
  await second.getByLabel('Recovery key').fill(recovery);
  await second.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(second.getByText('Your journal is encrypted end to end.')).toBeVisible({ timeout: 20_000 });

  // A new passkey on an authenticator without PRF gives no PRF result: nothing is stored. (A virtual
  // authenticator that refused user verification once stays locked, so it is replaced.)
  await other.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: other.id });
  await addAuthenticator(second, false);
  const secondPasskeys = second.getByRole('region', { name: 'Passkeys' });
  await secondPasskeys.getByRole('button', { name: 'Add a passkey for one-tap unlock' }).click();
  await expect(secondPasskeys.getByRole('alert')).toHaveText(
    'This passkey can’t unlock the journal on this browser: it gave no PRF result. Nothing was stored.',
  );
  await expect(secondPasskeys.getByRole('listitem')).toHaveText([/^Laptop/]);

  // Removing the passkey drops its wrap.
  await first.goto(onLocalhost(testInfo, '/settings/privacy'));
  await passkeys.getByRole('button', { name: 'Remove the passkey Laptop' }).click();
  await expect(first.getByText('Passkey removed: it no longer unlocks your journal.')).toBeVisible();
  await expect(passkeys.getByRole('listitem')).toHaveCount(0);

  // A passkey added again confirms turning encryption off, in place of the passphrase.
  await passkeys.getByLabel('Name of the new passkey').fill('Laptop again');
  await passkeys.getByRole('button', { name: 'Add a passkey for one-tap unlock' }).click();
  await expect(passkeys.getByRole('listitem')).toHaveText([/^Laptop again/]);
  await first.getByRole('button', { name: 'Turn off encryption…' }).click();
  const confirmation = first.getByRole('form', { name: 'Turn off encryption' });
  expect(await seriousViolations(first)).toEqual([]);
  await confirmation.getByRole('button', { name: 'Turn off with a passkey' }).click();
  await expect(first.getByRole('button', { name: 'Encrypt my journal' })).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => {
      const text = await notesOnServer(session.user.id);
      return { clear: /Body of note/.test(text), sealed: text.includes('mx1.') };
    })
    .toEqual({ clear: true, sealed: false });
});
