import { expect, test, type Page } from '@playwright/test';

import { DEMO_SERVICE_ROLE_KEY } from '../../server/keys.ts';
import { seriousViolations } from './support/axe.ts';
import { seedNotes } from './support/seed-notes.ts';
import { SUPABASE_URL, signInBeforeLoad } from './support/session.ts';

const PASSPHRASE = 'otter lantern quarry velvet';
/** Words only this test writes: the seeded notes' bodies. */
const SEEDED = /Body of note/;

/** What the server holds of the user's notes, read as the service role: as anyone with the database. */
async function notesOnServer(userId: string): Promise<string> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/notes?select=*&user_id=eq.${userId}`, {
    headers: { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
  });
  if (!response.ok) throw new Error(`reading the server's notes: ${response.status}`);
  return JSON.stringify(await response.json());
}

const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });

test('turning encryption off with the passphrase stores the journal readable again; another unlocked device keeps working and writes in clear', async ({
  browser,
}) => {
  // Two devices stretching a passphrase with Argon2id (64 MiB) three times in all.
  test.setTimeout(150_000);
  const first = await (await browser.newContext()).newPage();
  const session = await signInBeforeLoad(first);
  await seedNotes(SUPABASE_URL, session, 3);
  await first.goto('/notes');
  await expect(noteList(first).getByRole('link')).toHaveCount(3);

  // Encryption on, on the first device.
  await first.goto('/settings/privacy');
  await first.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await first.getByLabel('Passphrase again').fill(PASSPHRASE);
  await first.getByRole('button', { name: 'Encrypt my journal' }).click();
  await first.getByRole('button', { name: 'I have kept it' }).click({ timeout: 20_000 });
  await expect(first.getByText('Your journal is encrypted end to end.')).toBeVisible();
  await expect
    .poll(async () => {
      const text = await notesOnServer(session.user.id);
      return { clear: SEEDED.test(text), sealed: text.includes('mx1.') };
    })
    .toEqual({ clear: false, sealed: true });

  // The second device unlocks it.
  const second = await (await browser.newContext()).newPage();
  await signInBeforeLoad(second, session.user.email);
  await second.goto('/settings/privacy');
  await second.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await second.getByRole('button', { name: 'Unlock' }).click();
  await expect(second.getByText('Your journal is encrypted end to end.')).toBeVisible({ timeout: 20_000 });
  await second.goto('/notes');
  await expect(noteList(second).getByRole('link')).toHaveCount(3);

  // Turning it off on the first device says what it does and asks for the passphrase.
  await first.getByRole('button', { name: 'Turn off encryption…' }).click();
  const confirmation = first.getByRole('form', { name: 'Turn off encryption' });
  await expect(confirmation.getByText(/stored readable on the server again/)).toBeVisible();
  await expect(confirmation.getByText(/Your other devices keep working/)).toBeVisible();
  await expect(confirmation.getByLabel('Passphrase', { exact: true })).toBeFocused();
  expect(await seriousViolations(first)).toEqual([]);
  await first.keyboard.type('not the passphrase');
  await first.keyboard.press('Enter');
  await expect(confirmation.getByText(/That passphrase does not unlock this journal/)).toBeVisible({
    timeout: 20_000,
  });
  expect(await notesOnServer(session.user.id)).not.toMatch(SEEDED);
  await confirmation.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await confirmation.getByRole('button', { name: 'Turn off encryption', exact: true }).click();

  // Off: the page offers to turn it on again, the banner says the journal is readable again, and the
  // server holds the words in clear, nothing sealed.
  await expect(first.getByRole('button', { name: 'Encrypt my journal' })).toBeVisible({ timeout: 20_000 });
  await expect(
    first.getByText('Encryption is off. Your journal is stored readable on the server again.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => {
      const text = await notesOnServer(session.user.id);
      return { clear: SEEDED.test(text), sealed: text.includes('mx1.') };
    })
    .toEqual({ clear: true, sealed: false });

  // The second device, still holding the key, writes: its sealed push is refused, it forgets the key
  // and the note reaches the server in clear. It never says it is locked.
  await second.getByRole('button', { name: 'New note' }).click();
  await expect(second.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await second.keyboard.type('Pelican');
  await second.getByRole('textbox', { name: 'Text' }).fill('saffron over the harbour');
  await expect(second.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const text = await notesOnServer(session.user.id);
      return { pelican: text.includes('saffron over the harbour'), sealed: text.includes('mx1.') };
    })
    .toEqual({ pelican: true, sealed: false });
  await expect(second.getByRole('region', { name: 'Encrypted journal' })).toHaveCount(0);

  // The first device receives it, readable.
  await first.goto('/notes');
  await expect(noteList(first).getByRole('link', { name: /Pelican/ })).toBeVisible({ timeout: 20_000 });
});
