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
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);
  await bodyField(page).fill(body);
  await bodyField(page).blur();
  await expect(saved(page)).toBeVisible();
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

/** Words a person keeps typing while waiting: short, so no pause reaches the autosave's. */
const FILLER = [' and', ' then', ' more'];

/**
 * Types on `page`, word after word with no pause near the autosave's, until `arrived` settles, then
 * `after`: the person is still typing when the other change lands, however long it takes to come.
 * Returns what was typed.
 */
async function typeUntil(page: Page, arrived: Promise<unknown>, after: readonly string[]): Promise<string> {
  let settled = false;
  const watched = arrived.finally(() => {
    settled = true;
  });
  let typed = '';
  while (!settled) {
    const filler = FILLER[typed.length % FILLER.length] ?? ' and';
    await page.keyboard.type(filler);
    typed += filler;
  }
  await watched;
  for (const next of after) {
    await page.keyboard.type(next);
    typed += next;
  }
  return typed;
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
    const path = await newNote(phone, 'Morning by the lake.\n\nEvening at home.');
    await laptop.goto(path);
    await expect(bodyField(laptop)).toHaveValue('Morning by the lake.\n\nEvening at home.', {
      timeout: 20_000,
    });
    await expect(upToDate(phone)).toBeAttached();

    // The laptop starts typing at the end, and goes on while the phone's save arrives.
    await bodyField(laptop).click();
    await laptop.keyboard.press('ControlOrMeta+End');
    const phoneSaves = (async () => {
      await bodyField(phone).click();
      await phone.keyboard.press('ControlOrMeta+Home');
      await phone.keyboard.type('Up early. ');
      await bodyField(phone).blur();
      await once(async () => (await storedBody(laptop, path))?.startsWith('Up early. ') === true);
    })();
    const typed = await typeUntil(laptop, phoneSaves, [
      ' for',
      ' dinner,',
      ' then',
      ' a',
      ' call',
      ' with',
      ' Ana.',
    ]);
    await bodyField(laptop).blur();

    const merged = `Up early. Morning by the lake.\n\nEvening at home.${typed}`;
    for (const page of [laptop, phone]) {
      await expect(bodyField(page)).toHaveValue(merged, { timeout: 20_000 });
      await expect(upToDate(page)).toBeAttached({ timeout: 20_000 });
    }
    await expect(laptop.getByRole('status').filter({ hasText: 'Also changed elsewhere' })).toBeVisible();
    expect(await shownConflicts(laptop)).toBe('');
    expect(await shownConflicts(phone)).toBe('');
    expect(await seriousViolations(laptop)).toEqual([]);
  });

  test('[R38] two devices change the same words at once: one wins, the other is a restorable conflict', async ({
    browser,
  }) => {
    const email = uniqueEmail('race-same-words');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    const path = await newNote(phone, 'Dinner at eight.');
    await laptop.goto(path);
    await expect(bodyField(laptop)).toHaveValue('Dinner at eight.', { timeout: 20_000 });

    await bodyField(laptop).click();
    await laptop.keyboard.press('ControlOrMeta+End');
    await laptop.keyboard.press('Backspace');
    const phoneSaves = (async () => {
      await bodyField(phone).fill('Dinner at nine.');
      await bodyField(phone).blur();
      // The phone's words reached the laptop: as its stored text, or (had the laptop saved first) as the
      // other version of a conflict.
      await once(async () => {
        const stored = (await storedBody(laptop, path)) ?? '';
        return stored.includes('nine') || (await shownConflicts(laptop)).includes('nine');
      });
    })();
    await typeUntil(laptop, phoneSaves, [' or', ' seven?']);
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
    await second.goto(path);
    await expect(bodyField(second)).toHaveValue('One. Two.');

    await bodyField(second).click();
    await second.keyboard.press('ControlOrMeta+End');
    const firstSaves = (async () => {
      await bodyField(first).click();
      await first.keyboard.press('ControlOrMeta+Home');
      await first.keyboard.type('Zero. ');
      await bodyField(first).blur();
      await once(async () => (await storedBody(second, path))?.startsWith('Zero. ') === true);
    })();
    const typed = await typeUntil(second, firstSaves, [' four.']);
    await bodyField(second).blur();

    for (const page of [first, second])
      await expect(bodyField(page)).toHaveValue(`Zero. One. Two.${typed}`, { timeout: 20_000 });
  });

  test('[R39] a delete arriving while someone types keeps the typed words in the trash, restorable', async ({
    browser,
  }) => {
    const email = uniqueEmail('race-delete');
    const phone = await device(browser, email);
    const laptop = await device(browser, email);
    const path = await newNote(phone, 'Packing list:');
    await laptop.goto(path);
    await expect(bodyField(laptop)).toHaveValue('Packing list:', { timeout: 20_000 });

    // The laptop is typing when the delete arrives: its editor closes, and the words it showed stay.
    await bodyField(laptop).click();
    await laptop.keyboard.press('ControlOrMeta+End');
    const phoneDeletes = (async () => {
      await phone.getByRole('button', { name: 'Delete' }).click();
      await expect(phone).toHaveURL(/\/notes$/);
      await once(async () => (await bodyField(laptop).count()) === 0);
    })();
    await typeUntil(laptop, phoneDeletes, []);
    await expect(laptop.getByText('Words typed after this was deleted are kept here.')).toBeVisible({
      timeout: 20_000,
    });
    await laptop.getByRole('button', { name: 'Restore' }).click();
    await expect(bodyField(laptop)).toHaveValue(/^Packing list: and/);
    const kept = await bodyField(laptop).inputValue();
    await expect(upToDate(laptop)).toBeAttached({ timeout: 20_000 });
    await phone.goto(path);
    await expect(bodyField(phone)).toHaveValue(kept, { timeout: 20_000 });
  });
});
