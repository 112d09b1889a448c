import { readFileSync } from 'node:fs';

import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';

import { PASSWORD } from './support/accounts.ts';
import { uniqueEmail } from './support/backend.ts';
import { readStore, storedUserId } from './support/local-database.ts';

async function signUp(page: Page, email: string) {
  await page.goto('/auth#sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).last().click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

test('a new user is onboarded: name, topics, fonts, theme and the microphone explained', async ({ page }) => {
  const email = uniqueEmail('onboarded');
  await signUp(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Murmur' })).toBeVisible();
  await expect(page.getByText('Murmur records only while you press the record button')).toBeVisible();

  await page.getByLabel('What should Murmur call you?').fill('Grace');
  await page.getByLabel('Gratitude').check();
  await page.getByLabel('Dreams').check();
  await page.getByRole('group', { name: 'Notes', exact: true }).getByRole('radio', { name: 'Inter' }).check();
  await page
    .getByRole('group', { name: 'Diary', exact: true })
    .getByRole('radio', { name: 'Playfair Display' })
    .check();
  await page.getByLabel('Dark').check();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Start journaling' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  const userId = await storedUserId(page);
  const [settings] = (await readStore(page, `murmur-user-${userId}`, 'user_settings')) as Record<
    string,
    unknown
  >[];
  expect(settings).toMatchObject({ default_note_font: 'Inter', default_diary_font: 'Playfair Display' });

  await page.goto('/profile');
  await expect(page.getByLabel('Display name')).toHaveValue('Grace');
  const metadata = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { user_metadata?: unknown } })
      .user?.user_metadata;
  });
  expect(metadata).toMatchObject({ display_name: 'Grace', journal_topics: ['gratitude', 'dreams'] });
});

test('signing out with unsynced changes says how many, exports the journal, then removes local data', async ({
  page,
}) => {
  // The sync engine would push the changes at once: cut its pushes off, as a dead network would.
  await page.route('**/rest/v1/rpc/sync_push', (route) => route.abort('internetdisconnected'));
  const email = uniqueEmail('unsynced');
  await signUp(page, email);
  await page.getByRole('group', { name: 'Notes', exact: true }).getByRole('radio', { name: 'Lora' }).check();
  await page.getByRole('button', { name: 'Start journaling' }).click();
  await expect(page).toHaveURL(/\/app$/);
  const userId = await storedUserId(page);
  const database = `murmur-user-${userId}`;
  const queued = await readStore(page, database, 'outbox');
  expect(queued.length).toBeGreaterThan(0);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
  const dialog = page.getByRole('alertdialog', { name: "Some changes haven't synced yet" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    queued.length === 1
      ? "1 change on this device hasn't reached your account yet."
      : `${queued.length} changes on this device haven't reached your account yet.`,
  );
  await expect(dialog.getByRole('button', { name: 'Sync now, then sign out' })).toBeVisible();

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export my journal' }).click();
  const file = await download;
  await expect(dialog.getByRole('status')).toHaveText(
    'Journal downloaded: a Murmur archive you can import into any account.',
  );
  expect(file.suggestedFilename()).toMatch(/^murmur-\d{4}-\d{2}-\d{2}\.zip$/);
  // The unsynced settings change is in the archive, in the format import reads.
  const files = unzipSync(new Uint8Array(readFileSync((await file.path()) ?? '')));
  const archive = JSON.parse(strFromU8(files['murmur.json'] ?? new Uint8Array())) as {
    settings: Record<string, unknown> | null;
  };
  expect(archive.settings).toMatchObject({ default_note_font: 'Lora' });

  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
  await page.getByRole('button', { name: 'Sign out and remove them' }).click();
  await expect(page.getByText('Logged Out Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect
    .poll(async () => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
    .not.toContain(database);
});

test('a user may skip onboarding and is not asked again by the sign-up flow', async ({ page }) => {
  await signUp(page, uniqueEmail('skipper'));
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/app$/);
  const metadata = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return (
      JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as {
        user?: { user_metadata?: Record<string, unknown> };
      }
    ).user?.user_metadata;
  });
  expect(typeof metadata?.['onboarded_at']).toBe('string');
});
