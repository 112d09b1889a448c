import { expect, test, type Browser, type Page } from '@playwright/test';

import { uniqueEmail } from './support/backend.ts';
import { signInBeforeLoad } from './support/session.ts';

/** One device: a browser context of its own, signed in to `email`. */
async function device(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInBeforeLoad(page, email);
  return page;
}

const faster = (page: Page) => page.getByRole('switch', { name: 'Faster recording start' });

test.describe('settings on two devices', () => {
  test.setTimeout(120_000);

  test('a change on one device shows on the other after sync, and one made offline syncs later', async ({
    browser,
  }) => {
    const email = uniqueEmail('settings-sync');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    for (const page of [phone, laptop]) {
      await page.goto('/settings/recording');
      await expect(faster(page)).toBeChecked();
    }

    // Online: the phone turns faster recording off; the laptop follows (on its next sync or focus).
    await faster(phone).uncheck();
    await expect(phone.getByText('Settings updated successfully')).toBeVisible();
    await expect(async () => {
      await laptop.reload();
      await expect(faster(laptop)).not.toBeChecked({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });

    // Offline: the laptop changes it back at once; the phone sees it only after the laptop reconnects.
    await laptop.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await laptop.context().setOffline(true);
    await faster(laptop).check();
    await expect(faster(laptop)).toBeChecked();
    await laptop.reload().catch(() => undefined);
    await phone.reload();
    await expect(faster(phone)).not.toBeChecked();

    await laptop.context().setOffline(false);
    await expect(async () => {
      await phone.reload();
      await expect(faster(phone)).toBeChecked({ timeout: 2000 });
    }).toPass({ timeout: 45_000 });
  });
});
