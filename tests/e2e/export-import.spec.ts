import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

const ALICE = { email: 'alice-export@example.com', id: '6f1c2f8e-8c2b-4a63-9a53-3b0f0f7c1a11' };
const BOB = { email: 'bob-import@example.com', id: '6f1c2f8e-8c2b-4a63-9a53-3b0f0f7c1a22' };

test('export from one account, import into another, see the entries; a second import adds nothing', async ({
  browser,
}, testInfo) => {
  // Two accounts, a download, an upload and an axe scan: more than the default budget on a busy machine.
  test.setTimeout(150_000);
  const aliceContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  await signInBeforeLoad(alice, ALICE.email);
  await alice.goto('/mood/entry');
  await alice.getByRole('radio', { name: 'Good' }).check({ force: true });
  await alice.getByLabel('Note').fill('Carried over from Alice 🌿');
  await alice.getByRole('button', { name: 'Save check-in' }).click();
  await expect(alice.getByRole('article', { name: /^Good at / })).toBeVisible();

  await alice.goto('/settings/storage');
  await expect(alice.getByTestId('last-export')).toHaveText('You have not exported your journal yet.');
  const downloading = alice.waitForEvent('download');
  await alice.getByRole('button', { name: 'Export journal' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^murmur-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = testInfo.outputPath('murmur.zip');
  await download.saveAs(archive);
  await expect(alice.getByText(/^Export ready: murmur-/)).toBeVisible();
  await expect(alice.getByTestId('last-export')).toContainText('Last export:');
  await aliceContext.close();

  // A context of its own: another device, nothing shared with Alice's.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await signInBeforeLoad(bob, BOB.email);
  await bob.goto('/mood');
  await expect(bob.getByRole('article', { name: /^Good at / })).toHaveCount(0);
  await bob.goto('/settings/storage');
  await bob.getByLabel('Choose a file to import').setInputFiles(archive);
  const preview = bob.getByTestId('import-preview');
  await expect(preview).toContainText('Murmur archive: this will be added');
  await expect(preview).toContainText('1 mood check-ins');
  const axe = await new AxeBuilder({ page: bob })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations).toEqual([]);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(bob.getByRole('status').filter({ hasText: 'Imported 1 entries' })).toBeVisible();

  await bob.getByLabel('Choose a file to import').setInputFiles(archive);
  await expect(bob.getByTestId('import-preview')).toContainText(
    'Nothing new: everything in this file is already in your journal.',
  );
  await bob.getByRole('button', { name: 'Cancel' }).click();

  await bob.goto('/mood');
  const card = bob.getByRole('article', { name: /^Good at / });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Carried over from Alice 🌿');
  await bobContext.close();
});

test('a file that is not an archive gets a clear message and changes nothing', async ({ page }) => {
  await signInBeforeLoad(page, BOB.email);
  await page.goto('/settings/storage');
  await page.getByLabel('Choose a file to import').setInputFiles({
    name: 'backup.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('this is not a zip'),
  });
  await expect(page.getByRole('alert')).toHaveText('This file is not a zip archive.');
  await expect(page.getByTestId('import-preview')).toHaveCount(0);
});

test('a due backup reminder shows on the home screen, leads to the export, and Later hides it', async ({
  page,
}) => {
  await signInBeforeLoad(page);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time for a backup' })).toHaveCount(0);

  await page.goto('/settings/storage');
  await page.getByLabel('Remind me to back up').selectOption({ label: 'Every week' });
  await page.goto('/app');
  const reminder = page.getByRole('region', { name: 'Time for a backup' });
  await expect(reminder).toContainText('export your journal and keep the file somewhere safe');
  await reminder.getByRole('link', { name: 'Back up now' }).click();
  await expect(page).toHaveURL(/\/settings\/storage$/);
  await expect(page.getByRole('button', { name: 'Export journal' })).toBeVisible();

  await page.goto('/app');
  await page
    .getByRole('region', { name: 'Time for a backup' })
    .getByRole('button', { name: 'Later' })
    .click();
  await expect(page.getByRole('region', { name: 'Time for a backup' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time for a backup' })).toHaveCount(0);
});
