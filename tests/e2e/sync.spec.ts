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

    await checkIn(phone, 'Great', 'Written on the phone');

    await expect(laptop.getByRole('article', { name: /^Great at / })).toContainText('Written on the phone', {
      timeout: 20_000,
    });
    await expect(phone.locator('aside[data-state="up_to_date"]')).toBeAttached();
    // Within the app, not by a load: the running engine pushes the next one too.
    await phone.getByRole('link', { name: 'Check in', exact: true }).click();
    await phone.getByRole('radio', { name: 'Good' }).check({ force: true });
    await phone.getByLabel('Note').fill('Pushed by the running engine');
    await phone.getByRole('button', { name: 'Save check-in' }).click();
    await expect(laptop.getByRole('article', { name: /^Good at / })).toContainText(
      'Pushed by the running engine',
      { timeout: 20_000 },
    );
  });

  test('two tabs of one device: one syncs, the other shows its status and its writes are pushed (ADR 0134)', async ({
    browser,
  }) => {
    const email = uniqueEmail('sync-tabs');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    await phone.goto('/mood');
    await expect(phone.locator('aside[data-state="up_to_date"]')).toBeAttached({ timeout: 20_000 });
    // A second tab of the phone's browser: it follows the first one's sync.
    const phoneTab = await phone.context().newPage();
    await phoneTab.goto('/mood');
    await expect(phoneTab.locator('aside[data-state="up_to_date"]')).toBeAttached({ timeout: 20_000 });
    await checkIn(phoneTab, 'Great', 'Written in the second tab');
    await laptop.goto('/mood');
    await expect(laptop.getByRole('article', { name: /^Great at / })).toContainText(
      'Written in the second tab',
      {
        timeout: 20_000,
      },
    );
    await expect(phoneTab.locator('aside[data-state="up_to_date"]')).toBeAttached();
    // The first tab closes: the second starts its own engine, and its next write still goes out.
    await phone.close();
    await checkIn(phoneTab, 'Good', 'After the first tab closed');
    await expect(laptop.getByRole('article', { name: /^Good at / })).toContainText(
      'After the first tab closed',
      {
        timeout: 20_000,
      },
    );
  });

  test('a first sync longer than a page brings every row', async ({ browser }) => {
    // More than one page of rows: the walk fetches the next page while it applies the last (R13).
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

    for (const page of [tablet, laptop]) {
      await page.goto('/notes');
      await expect(page.locator('aside[data-state="up_to_date"]')).toBeAttached({ timeout: 60_000 });
      // Every pulled page is written into its table (docs/adr/0132): the notes are all there.
      await expect
        .poll(() => countStore(page, `murmur-user-${session.user.id}`, 'notes'), { timeout: 20_000 })
        .toBe(JOURNAL_LONGER_THAN_A_PAGE);
    }
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
    const body = (page: Page) => page.getByRole('textbox', { name: 'Entry', exact: true });
    await body(phone).fill('Shared start');
    // The entry exists from its first words on, and the address becomes its own.
    await expect(phone).toHaveURL(/\/diary\/[0-9a-f-]{36}$/);
    const entryUrl = new URL(phone.url()).pathname;
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
