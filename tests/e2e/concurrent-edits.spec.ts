import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { uniqueEmail } from './support/backend.ts';
import { device } from './support/device.ts';
import { readRecord, storedUserId } from './support/local-database.ts';

/**
 * Edits that race each other (sync.md R37–R39): two devices, or two tabs of one device, typing into
 * one note at once, and a delete arriving while someone types. Every word typed must end in the note,
 * in a conflict, or in the deleted note's kept text.
 */

const bodyField = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved/ });
const upToDate = (page: Page) => page.locator('aside[data-state="up_to_date"]');

/** A note with `body`, written on `page`; returns its address. */
async function newNote(page: Page, body: string): Promise<string> {
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New note' }).click();
  // A draft until its first words: nothing is created by the click.
  await expect(page).toHaveURL(/\/notes\/new$/);
  await bodyField(page).fill(body);
  await bodyField(page).blur();
  await expect(saved(page)).toBeVisible();
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

/** The note's body as stored in the page's own database. */
async function storedBody(page: Page, path: string): Promise<string | undefined> {
  const userId = await storedUserId(page);
  const note = (await readRecord(
    page,
    `murmur-user-${userId ?? ''}`,
    'notes',
    path.split('/').at(-1) ?? '',
  )) as { body: string } | undefined;
  return note?.body;
}

/** The words of the conflicts the note's page shows ("Another version"). */
async function shownConflicts(page: Page): Promise<string> {
  const region = page.getByRole('region', { name: /other version|Another version/ });
  return (await region.count()) > 0 ? ((await region.textContent()) ?? '') : '';
}

/**
 * The person on `page` is in the middle of typing: time stands still there until `typingStops`, so the
 * autosave's pause never comes, however busy the machine is. Pokes, pulls and IndexedDB go on as
 * usual; only the page's timers wait. `page` must have had `page.clock.install()` before its load.
 */
async function keepTyping(page: Page): Promise<void> {
  // A moment ahead of the page's clock, which still runs while this is asked: timers due before it fire.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/** The person stops typing: the page's time flows again, and its autosave comes after the pause. */
async function typingStops(page: Page): Promise<void> {
  await page.clock.resume();
}

/** Resolves once `condition` holds, polled as Playwright polls; rejects after a minute. */
function once(condition: () => Promise<boolean>): Promise<void> {
  return expect.poll(condition, { timeout: 60_000, intervals: [100] }).toBe(true);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test.describe('edits that race', () => {
  test.setTimeout(120_000);

  test('[R37][R38] two devices type into one note at once: different words merge, with no conflict', async ({
    browser,
  }) => {
    const email = uniqueEmail('race-devices');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    await laptop.clock.install();
    const path = await newNote(phone, 'Morning by the lake.\n\nEvening at home.');
    await laptop.goto(path);
    await expect(bodyField(laptop)).toHaveValue('Morning by the lake.\n\nEvening at home.', {
      timeout: 20_000,
    });
    await expect(upToDate(phone)).toBeAttached();

    // The laptop is typing at the end when the phone's save arrives.
    await bodyField(laptop).click();
    await laptop.keyboard.press('ControlOrMeta+End');
    await keepTyping(laptop);
    await laptop.keyboard.type(' Soup for');
    await bodyField(phone).fill('Up early. Morning by the lake.\n\nEvening at home.');
    await bodyField(phone).blur();
    await once(async () => (await storedBody(laptop, path))?.startsWith('Up early. ') === true);
    await laptop.keyboard.type(' dinner, then a call with Ana.');
    await typingStops(laptop);
    await bodyField(laptop).blur();

    const merged =
      'Up early. Morning by the lake.\n\nEvening at home. Soup for dinner, then a call with Ana.';
    for (const page of [laptop, phone]) {
      await expect(bodyField(page)).toHaveValue(merged, { timeout: 20_000 });
      await expect(upToDate(page)).toBeAttached({ timeout: 20_000 });
    }
    await expect(laptop.getByRole('status').filter({ hasText: 'Also changed elsewhere' })).toBeVisible();
    expect(await shownConflicts(laptop)).toBe('');
    expect(await shownConflicts(phone)).toBe('');
    expect(await seriousViolations(laptop)).toEqual([]);
  });

  test('[R40] two devices save one note before either hears of the other: the edits merge at the meeting', async ({
    browser,
  }) => {
    const email = uniqueEmail('race-server');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    const path = await newNote(phone, 'Morning by the lake.\n\nEvening at home.');
    await laptop.goto(path);
    await expect(bodyField(laptop)).toHaveValue('Morning by the lake.\n\nEvening at home.', {
      timeout: 20_000,
    });
    await laptop.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The laptop saves without reaching the server; the phone's save of the same base gets there first.
    await laptop.context().setOffline(true);
    await bodyField(laptop).click();
    await laptop.keyboard.press('ControlOrMeta+End');
    await laptop.keyboard.type(' Soup for dinner.');
    await bodyField(laptop).blur();
    await expect(saved(laptop)).toBeVisible();
    await bodyField(phone).fill('Up early. Morning by the lake.\n\nEvening at home.');
    await bodyField(phone).blur();
    await expect(upToDate(phone)).toBeAttached({ timeout: 20_000 });
    await laptop.context().setOffline(false);

    const merged = 'Up early. Morning by the lake.\n\nEvening at home. Soup for dinner.';
    for (const page of [laptop, phone]) {
      await once(async () => (await storedBody(page, path)) === merged);
      await expect(bodyField(page)).toHaveValue(merged, { timeout: 20_000 });
      await expect(upToDate(page)).toBeAttached({ timeout: 20_000 });
      expect(await shownConflicts(page)).toBe('');
    }
  });

  test('[R38] two devices change the same words at once: one wins, the other is a restorable conflict', async ({
    browser,
  }) => {
    const email = uniqueEmail('race-same-words');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    await laptop.clock.install();
    const path = await newNote(phone, 'Dinner at eight.');
    await laptop.goto(path);
    await expect(bodyField(laptop)).toHaveValue('Dinner at eight.', { timeout: 20_000 });

    await bodyField(laptop).click();
    await laptop.keyboard.press('ControlOrMeta+End');
    await keepTyping(laptop);
    await laptop.keyboard.press('Backspace');
    await laptop.keyboard.type(' or seven?');
    await bodyField(phone).fill('Dinner at nine.');
    await bodyField(phone).blur();
    await once(async () => (await storedBody(laptop, path)) === 'Dinner at nine.');
    await typingStops(laptop);
    await bodyField(laptop).blur();

    // Every word typed on either device is in the body or in a conflict, on both devices.
    for (const page of [laptop, phone]) {
      await expect(upToDate(page)).toBeAttached({ timeout: 20_000 });
      await expect
        .poll(async () => `${await bodyField(page).inputValue()} | ${await shownConflicts(page)}`, {
          timeout: 20_000,
        })
        .toMatch(/(?=.*nine)(?=.*seven)/s);
    }
  });

  test('[R38] two tabs of one browser type into one note at once: different words merge', async ({
    browser,
  }) => {
    const email = uniqueEmail('race-tabs');
    const first = await device(browser, email);
    const path = await newNote(first, 'One. Two.');
    const second = await first.context().newPage();
    await second.clock.install();
    await second.goto(path);
    await expect(bodyField(second)).toHaveValue('One. Two.');

    await bodyField(second).click();
    await second.keyboard.press('ControlOrMeta+End');
    await keepTyping(second);
    await second.keyboard.type(' Three');
    await bodyField(first).fill('Zero. One. Two.');
    await bodyField(first).blur();
    await once(async () => (await storedBody(second, path))?.startsWith('Zero. ') === true);
    await second.keyboard.type(' and four.');
    await typingStops(second);
    await bodyField(second).blur();

    for (const page of [first, second])
      await expect(bodyField(page)).toHaveValue('Zero. One. Two. Three and four.', { timeout: 20_000 });
  });

  test('[R39] a delete arriving while someone types keeps the typed words in the trash, restorable', async ({
    browser,
  }) => {
    const email = uniqueEmail('race-delete');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    await laptop.clock.install();
    const path = await newNote(phone, 'Packing list:');
    await laptop.goto(path);
    await expect(bodyField(laptop)).toHaveValue('Packing list:', { timeout: 20_000 });

    // The laptop is typing when the delete arrives: its editor closes, and the words it showed stay.
    await bodyField(laptop).click();
    await laptop.keyboard.press('ControlOrMeta+End');
    await keepTyping(laptop);
    await laptop.keyboard.type(' boots, socks');
    await phone.getByRole('button', { name: 'Delete' }).click();
    await expect(phone).toHaveURL(/\/notes$/);
    await expect(laptop.getByText('Words typed after this was deleted are kept here.')).toBeVisible({
      timeout: 20_000,
    });
    await typingStops(laptop);
    await laptop.getByRole('button', { name: 'Restore' }).click();
    await expect(bodyField(laptop)).toHaveValue('Packing list: boots, socks');
    await expect(upToDate(laptop)).toBeAttached({ timeout: 20_000 });
    await phone.goto(path);
    await expect(bodyField(phone)).toHaveValue('Packing list: boots, socks', { timeout: 20_000 });
  });
});
