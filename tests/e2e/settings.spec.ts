import { expect, test } from '@playwright/test';

import { storedSettings } from './support/local-database.ts';
import { signInBeforeLoad } from './support/session.ts';

/**
 * Settings are a local-first row: they apply at once, survive a reload from this device's database and
 * wait in the outbox for sync. (Reaching a second device is covered by the sync end-to-end suite.)
 */
test.describe('settings', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('the index links every settings page and each opens by URL', async ({ page }) => {
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Settings' });
    for (const name of [
      'Recording',
      'Transcription',
      'Text-to-speech',
      'Note lock',
      'Appearance',
      'Notifications',
      'Account and security',
      'Storage and data',
    ]) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Recording' }).click();
    await expect(page).toHaveURL(/\/settings\/recording$/);
    await expect(page.getByRole('heading', { name: 'Recording', level: 2 })).toBeVisible();
    await page.goto('/settings/nonsense');
    await expect(page.getByRole('alert')).toContainText('There is no settings page called “nonsense”.');
  });

  test('a new default note font and colour show at once and stay after a reload', async ({ page }) => {
    await page.goto('/settings/appearance');
    const notes = page.getByRole('group', { name: 'Notes' });
    const preview = page.getByTestId('note-preview');
    await expect(notes.getByRole('radio', { name: 'Abril Fatface' })).toBeChecked();
    await expect(preview).toHaveCSS('font-family', /Abril Fatface/);

    await notes.getByRole('radio', { name: 'Lora' }).check();
    await expect(notes.getByRole('radio', { name: 'Lora' })).toBeChecked();
    await expect(preview).toHaveCSS('font-family', /Lora/);
    await expect(page.getByText('Settings updated successfully')).toBeVisible();
    await notes.getByRole('radio', { name: 'Mint' }).check();
    await expect(notes.getByRole('radio', { name: 'Mint' })).toBeChecked();
    await expect(preview).toHaveCSS('background-color', 'rgb(220, 252, 231)');
    // The change shows before its write lands; the reload tests what this device kept.
    await expect.poll(async () => (await storedSettings(page))?.default_note_color).toBe('#DCFCE7');

    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Notes' }).getByRole('radio', { name: 'Lora' }),
    ).toBeChecked();
    await expect(page.getByTestId('note-preview')).toHaveCSS('background-color', 'rgb(220, 252, 231)');
  });

  test('the theme setting turns the page dark and is kept', async ({ page }) => {
    await page.goto('/settings/appearance');
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  test('recording defaults change and survive a reload', async ({ page }) => {
    await page.goto('/settings/recording');
    await expect(page.getByLabel('Audio quality (bitrate)')).toHaveValue('128kbps');
    await page.getByLabel('Audio quality (bitrate)').selectOption('256kbps');
    await page.getByRole('switch', { name: 'Delete the audio once it has been transcribed' }).uncheck();
    // Both writes must be stored on the device before the reload (a reload mid-write is another test).
    await expect
      .poll(async () => {
        const stored = await storedSettings(page);
        return [stored?.bitrate, stored?.auto_delete_recordings];
      })
      .toEqual(['256kbps', false]);
    await page.reload();
    await expect(page.getByLabel('Audio quality (bitrate)')).toHaveValue('256kbps');
    await expect(
      page.getByRole('switch', { name: 'Delete the audio once it has been transcribed' }),
    ).not.toBeChecked();
  });

  test('an API key is masked until revealed and can be replaced and removed', async ({ page }) => {
    await page.goto('/settings/transcription');
    const key = 'sk-or-v1-0123456789abcdef';
    await page.getByRole('button', { name: 'Add' }).first().click();
    await page.getByLabel('New OpenRouter API key').fill(key);
    await page.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('status').filter({ hasText: '••••' }).or(page.locator('output'));
    await expect(shown.first()).toHaveText('••••••••cdef');
    await expect(page.getByText(key)).toHaveCount(0);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText(key)).toBeVisible();
    await page.getByRole('button', { name: 'Remove', exact: true }).first().click();
    await expect(page.locator('output').first()).toHaveText('Not set');
  });

  test('an open or closed section is remembered', async ({ page }) => {
    await page.goto('/settings/transcription');
    const summary = page.locator('summary', { hasText: 'Transcription service' });
    await expect(page.getByLabel('Model', { exact: true })).toBeVisible();
    await summary.click();
    await expect(page.getByLabel('Model', { exact: true })).toBeHidden();
    // The choice is saved once another tab, which reads only the stored settings, shows it closed too.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/settings/transcription');
    await expect(otherTab.getByLabel('Model', { exact: true })).toBeHidden();
    await otherTab.close();
    await page.reload();
    await expect(page.locator('summary', { hasText: 'Transcription service' })).toBeVisible();
    await expect(page.getByLabel('Model', { exact: true })).toBeHidden();
  });

  test('storage and data shows the changes waiting to sync', async ({ page }) => {
    await page.goto('/settings/notifications');
    await page.getByRole('switch', { name: 'Show notifications' }).uncheck();
    await page.goto('/settings/storage');
    await expect(page.getByTestId('pending-changes')).toHaveText(/^\d+ changes? waiting to sync\.$/);
    await expect(page.getByText(/protected|may clear|does not say/)).toBeVisible();
  });
});
