import { expect, type Page } from '@playwright/test';

/** Turns note lock on from the notes list's "Note lock" settings, with `pin`, and waits for it to be saved. */
export async function allowNoteLockWithPin(page: Page, pin: string): Promise<void> {
  await page.getByText('Note lock', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Allow locking notes with a PIN' }).check();
  await page.getByLabel('New PIN').fill(pin);
  await page.getByLabel('Repeat the PIN').fill(pin);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('PIN saved on this device.')).toBeVisible();
}
