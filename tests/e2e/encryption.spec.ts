import { expect, test, type Page } from '@playwright/test';

import { DEMO_SERVICE_ROLE_KEY } from '../../server/keys.ts';
import { seriousViolations } from './support/axe.ts';
import { seedNotes } from './support/seed-notes.ts';
import { SUPABASE_URL, signInBeforeLoad } from './support/session.ts';

const PASSPHRASE = 'otter lantern quarry velvet';
const NEW_PASSPHRASE = 'heron marmalade tundra bell';
/** Words only this test writes: the seeded notes' bodies, and a note typed after encryption is on. */
const WORDS = /Body of note|Kingfisher|quinoa/;

/** What the server holds of the user's notes, read as the service role: as anyone with the database. */
async function notesOnServer(userId: string): Promise<{ count: number; text: string }> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/notes?select=*&user_id=eq.${userId}`, {
    headers: { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
  });
  if (!response.ok) throw new Error(`reading the server's notes: ${response.status}`);
  const rows = (await response.json()) as unknown[];
  return { count: rows.length, text: JSON.stringify(rows) };
}

const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });

test('turning encryption on seals what was written and what comes after; other devices unlock with the passphrase or the recovery key', async ({
  browser,
}) => {
  // Two devices, each stretching a passphrase with Argon2id (64 MiB) once or more.
  test.setTimeout(120_000);
  const first = await (await browser.newContext()).newPage();
  const session = await signInBeforeLoad(first);
  await seedNotes(SUPABASE_URL, session, 3);
  await first.goto('/notes');
  await expect(noteList(first).getByRole('link')).toHaveCount(3);
  expect((await notesOnServer(session.user.id)).text).toMatch(WORDS);

  await first.goto('/settings/privacy');
  await first.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await first.getByLabel('Passphrase again').fill(`${PASSPHRASE}!`);
  await first.getByRole('button', { name: 'Encrypt my journal' }).click();
  await expect(first.getByText('The two passphrases are not the same.')).toBeVisible();
  await first.getByLabel('Passphrase again').fill(PASSPHRASE);
  await first.getByRole('button', { name: 'Encrypt my journal' }).click();
  const recoveryKey = first.getByRole('status', { name: 'Your recovery key' });
  await expect(recoveryKey).toHaveText(/\S{20,}/, { timeout: 20_000 });
  const recovery = (await recoveryKey.textContent()) ?? '';
  expect(await seriousViolations(first)).toEqual([]);
  await first.getByRole('button', { name: 'I have kept it' }).click();
  await expect(first.getByText('Your journal is encrypted end to end.')).toBeVisible();

  // Written after encryption is on: sealed before it leaves the device.
  await first.goto('/notes');
  await first.getByRole('button', { name: 'New note' }).click();
  await expect(first.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await first.keyboard.type('Kingfisher');
  await first.getByRole('textbox', { name: 'Text' }).fill('quinoa by the river');
  await expect(first.getByText('Saved', { exact: true })).toBeVisible();
  await first.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(first).getByRole('link')).toHaveCount(4);
  // The device's own copy stays readable.
  await expect(noteList(first).getByRole('link', { name: /Kingfisher/ })).toBeVisible();
  await expect
    .poll(async () => {
      const server = await notesOnServer(session.user.id);
      return { count: server.count, clear: WORDS.test(server.text) };
    })
    .toEqual({ count: 4, clear: false });

  // A second device: locked until unlocked, with no ciphertext on screen.
  const second = await (await browser.newContext()).newPage();
  await signInBeforeLoad(second, session.user.email);
  await second.goto('/notes');
  const notice = second.getByRole('region', { name: 'Encrypted journal' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(second.getByText(/mx1\./)).toHaveCount(0);
  await notice.getByRole('link', { name: 'Unlock' }).click();
  await expect(second).toHaveURL(/\/settings\/privacy$/);
  await second.getByLabel('Passphrase', { exact: true }).fill('not the passphrase');
  await second.getByRole('button', { name: 'Unlock' }).click();
  await expect(
    second.getByText('That passphrase does not unlock this journal.', { exact: false }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await second.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await second.getByRole('button', { name: 'Unlock' }).click();
  await expect(second.getByText('Your journal is encrypted end to end.')).toBeVisible({ timeout: 20_000 });
  await second.goto('/notes');
  await expect(noteList(second).getByRole('link')).toHaveCount(4);
  await expect(noteList(second).getByRole('link', { name: /Kingfisher/ })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // Export says, before it runs, that the archive is clear text.
  await second.goto('/settings/storage');
  await expect(second.getByText(/this archive is not: it holds your entries in clear text/)).toBeVisible();

  // A new passphrase re-wraps the key: the old one no longer opens it, the recovery key still does.
  await second.goto('/settings/privacy');
  await second.getByLabel('Current passphrase').fill('not the passphrase');
  await second.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
  await second.getByLabel('New passphrase again').fill(NEW_PASSPHRASE);
  await second.getByRole('button', { name: 'Change passphrase' }).click();
  await expect(second.getByText('That is not the current passphrase. Nothing was changed.')).toBeVisible({
    timeout: 20_000,
  });
  await second.getByLabel('Current passphrase').fill(PASSPHRASE);
  await second.getByRole('button', { name: 'Change passphrase' }).click();
  await expect(second.getByText('Your passphrase is changed.')).toBeVisible({ timeout: 20_000 });

  const third = await (await browser.newContext()).newPage();
  await signInBeforeLoad(third, session.user.email);
  await third.goto('/settings/privacy');
  await third.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await third.getByRole('button', { name: 'Unlock' }).click();
  await expect(third.getByText(/That passphrase does not unlock this journal/)).toBeVisible({
    timeout: 20_000,
  });
  await third.getByRole('button', { name: 'Use the recovery key instead' }).click();
  await third.getByLabel('Recovery key').fill(recovery);
  await third.getByRole('button', { name: 'Unlock' }).click();
  await expect(third.getByText('Your journal is encrypted end to end.')).toBeVisible({ timeout: 20_000 });
  await third.goto('/notes');
  await expect(noteList(third).getByRole('link', { name: /Kingfisher/ })).toBeVisible();
});
