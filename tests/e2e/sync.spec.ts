import { expect, test, type Browser, type Page } from '@playwright/test';

import { realSession, SESSION_STORAGE_KEY } from './support/session.ts';

/** A second device: its own browser context (own IndexedDB, own tabs), signed in to the same account. */
async function device(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const session = await realSession(email);
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  return context.newPage();
}

function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

test.describe('two devices', () => {
  test.setTimeout(120_000);

  test('a check-in on one device appears on the other without a reload', async ({ browser }) => {
    const email = uniqueEmail('sync-live');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    await laptop.goto('/mood');
    await expect(laptop.getByText('No check-in yet today. How are you?')).toBeVisible();

    await phone.goto('/mood/entry');
    await phone.getByRole('radio', { name: 'Great' }).check({ force: true });
    await phone.getByLabel('Note').fill('Written on the phone');
    await phone.getByRole('button', { name: 'Save check-in' }).click();
    await expect(phone.getByRole('article', { name: /^Great at / })).toBeVisible();

    await expect(laptop.getByRole('article', { name: /^Great at / })).toContainText('Written on the phone', {
      timeout: 20_000,
    });
  });
});
