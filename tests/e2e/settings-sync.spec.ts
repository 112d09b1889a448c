import { expect, test, type Browser, type Page } from '@playwright/test';

import { uniqueEmail } from './support/backend.ts';
import { goOffline, goOnline } from './support/network.ts';
import { signInBeforeLoad } from './support/session.ts';

/** One device: a browser context of its own, signed in to `email`. */
async function device(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInBeforeLoad(page, email);
  return page;
}

const faster = (page: Page) => page.getByRole('switch', { name: 'Faster recording start' });

/**
 * Waits for `page` to show the switch `checked`: as the realtime poke brings it, else after a reload (a
 * poke sent while the channel was still joining is missed; the next start pulls). Each try gives the
 * app time to start on a loaded machine.
 */
async function follows(page: Page, checked: boolean): Promise<void> {
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await page.reload();
    await expect(faster(page)).toBeChecked({ checked, timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

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

    // Online: the phone turns faster recording off; the laptop follows.
    await faster(phone).uncheck();
    await expect(phone.getByText('Settings updated successfully')).toBeVisible();
    await follows(laptop, false);

    // Offline: the laptop changes it back at once; the phone sees it only after the laptop reconnects.
    await laptop.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await goOffline(laptop.context());
    await faster(laptop).check();
    await expect(faster(laptop)).toBeChecked();
    await laptop.reload().catch(() => undefined);
    await phone.reload();
    await expect(faster(phone)).not.toBeChecked();

    await goOnline(laptop.context());
    await follows(phone, true);
  });
});
