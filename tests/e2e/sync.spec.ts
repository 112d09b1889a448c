import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { expect, test, type Page } from '@playwright/test';

import { countStore } from './support/local-database.ts';
import { device } from './support/device.ts';
import { realSession, SUPABASE_URL } from './support/session.ts';
import { serviceWorkerInControl } from './support/service-worker.ts';

/** A check-in saved on `page`, shown in the day's list. */
async function checkIn(page: Page, mood: string, note: string): Promise<void> {
  await page.goto('/mood/entry');
  await page.getByRole('radio', { name: mood }).check({ force: true });
  await page.getByLabel('Note').fill(note);
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page.getByRole('article', { name: new RegExp(`^${mood} at `) })).toBeVisible();
}

/** Pull pages hold 1,000 rows: this many notes make a first sync of two pages. */
const JOURNAL_LONGER_THAN_A_PAGE = 1_500;

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

    const phoneWorkers: string[] = [];
    phone.on('worker', (worker) => phoneWorkers.push(worker.url()));
    await checkIn(phone, 'Great', 'Written on the phone');

    await expect(laptop.getByRole('article', { name: /^Great at / })).toContainText('Written on the phone', {
      timeout: 20_000,
    });
    // The first push started the sync worker (docs/adr/0115); the next one leaves from it.
    await expect.poll(() => phoneWorkers.filter((url) => /sync\.worker-/.test(url))).toHaveLength(1);
    await expect(phone.locator('aside[data-state="up_to_date"]')).toBeAttached();
    // Within the app, not by a load: a new page would start a new worker.
    await phone.getByRole('link', { name: 'Check in', exact: true }).click();
    await phone.getByRole('radio', { name: 'Good' }).check({ force: true });
    await phone.getByLabel('Note').fill('Pushed from the sync worker');
    await phone.getByRole('button', { name: 'Save check-in' }).click();
    await expect(laptop.getByRole('article', { name: /^Good at / })).toContainText(
      'Pushed from the sync worker',
      { timeout: 20_000 },
    );
  });

  test('a first sync longer than a page goes to the sync worker, or stays on the page where it cannot load', async ({
    browser,
  }) => {
    // More than one page of rows: the walk starts on the page and is handed to the sync worker once its
    // script has run (docs/adr/0099). The worker is cached on first use, not precached (pwa.config.ts):
    // a device that cannot load it walks every page on its main thread and misses nothing.
    test.setTimeout(180_000);
    const email = uniqueEmail('sync-long');
    const session = await realSession(email);
    await promisify(execFile)(
      process.execPath,
      ['tests/e2e/support/seed-notes-cli.ts', SUPABASE_URL, String(JOURNAL_LONGER_THAN_A_PAGE)],
      { env: { ...process.env, MURMUR_SEED_SESSION: JSON.stringify(session) } },
    );
    const tablet = await device(browser, email);
    const laptop = await device(browser, email);
    const tabletWorkers: string[] = [];
    tablet.on('worker', (worker) => tabletWorkers.push(worker.url()));
    const workerFailures: string[] = [];
    laptop.on('console', (message) => {
      if (message.text().startsWith('The sync worker failed')) workerFailures.push(message.text());
    });
    await laptop.route(/sync\.worker-[^/]*\.js$/, (route) => route.abort());

    for (const page of [tablet, laptop]) {
      await page.goto('/notes');
      await expect(page.locator('aside[data-state="up_to_date"]')).toBeAttached({ timeout: 60_000 });
      // Every pulled page is written into its table (docs/adr/0132): the notes are all there.
      await expect
        .poll(() => countStore(page, `murmur-user-${session.user.id}`, 'notes'), { timeout: 20_000 })
        .toBe(JOURNAL_LONGER_THAN_A_PAGE);
    }
    expect(tabletWorkers.filter((url) => /sync\.worker-/.test(url))).toHaveLength(1);
    expect(workerFailures).toHaveLength(1);
  });

  test('two devices write offline, reconnect, and both end with every entry', async ({ browser }) => {
    const email = uniqueEmail('sync-offline');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    for (const page of [phone, laptop]) {
      await page.goto('/mood');
      // Offline navigation needs the service worker in control of the page.
      await serviceWorkerInControl(page);
      await expect(page.getByText('No check-in yet today. How are you?')).toBeVisible();
      await page.context().setOffline(true);
    }

    await checkIn(phone, 'Great', 'Offline on the phone');
    await checkIn(laptop, 'Bad', 'Offline on the laptop');
    // Offline each device has only its own.
    await expect(phone.getByRole('article')).toHaveCount(1);
    await expect(laptop.getByRole('article')).toHaveCount(1);

    for (const page of [phone, laptop]) await page.context().setOffline(false);
    for (const page of [phone, laptop]) {
      await expect(page.getByRole('article', { name: /^Great at / })).toContainText('Offline on the phone', {
        timeout: 30_000,
      });
      await expect(page.getByRole('article', { name: /^Bad at / })).toContainText('Offline on the laptop', {
        timeout: 30_000,
      });
    }
  });

  test('the same diary entry edited on two offline devices: the later edit wins, the other is kept and restorable', async ({
    browser,
  }) => {
    const email = uniqueEmail('sync-conflict');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    await phone.goto('/app');
    await expect(phone.getByTestId('streak')).toHaveText('0 days');
    await phone.getByRole('button', { name: 'Diary entry' }).click();
    await expect(phone).toHaveURL(/\/diary\/[0-9a-f-]+$/);
    const entryUrl = new URL(phone.url()).pathname;
    const body = (page: Page) => page.getByRole('textbox', { name: 'Entry', exact: true });
    await body(phone).fill('Shared start');
    await expect(phone.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    // The laptop has the entry before both go offline.
    await expect(async () => {
      await laptop.goto(entryUrl);
      await expect(body(laptop)).toHaveValue('Shared start', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    for (const page of [phone, laptop]) {
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.context().setOffline(true);
    }

    await body(laptop).fill('Laptop version');
    await expect(laptop.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await body(phone).fill('Phone version, written later');
    await expect(phone.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    for (const page of [laptop, phone]) await page.context().setOffline(false);

    // Every device ends with the later edit, and the other version shown beside it, ready to restore.
    for (const page of [phone, laptop]) {
      await expect(async () => {
        await page.goto(entryUrl);
        await expect(body(page)).toHaveValue('Phone version, written later', { timeout: 2000 });
        await expect(page.getByRole('heading', { name: 'Another version' })).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 45_000 });
      await expect(page.getByRole('blockquote')).toHaveText('Laptop version');
    }
    await laptop.getByRole('button', { name: 'Restore this version' }).click();
    await expect(body(laptop)).toHaveValue('Laptop version');
  });
});
