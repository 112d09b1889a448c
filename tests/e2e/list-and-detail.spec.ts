import { expect, test, type Locator, type Page } from '@playwright/test';

import { seriousViolations } from './support/axe.ts';
import { seedNotes } from './support/seed-notes.ts';
import { seedTheme } from './support/seed-theme.ts';
import { SUPABASE_URL, signInBeforeLoad } from './support/session.ts';
import { textOverlaps } from './support/text-overlaps.ts';

const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });
const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title' });
/** A seeded note's card: "Note 1" and never "Note 12". */
const noteCard = (page: Page, title: string) =>
  noteList(page).getByRole('link', { name: new RegExp(`^${title}(?!\\d)`) });
const windowScroll = (page: Page) => page.evaluate(() => window.scrollY);

/** The list's right edge is left of where the entry starts: side by side, not one over the other. */
async function expectSideBySide(list: Locator, entry: Locator): Promise<void> {
  const listBox = await list.boundingBox();
  const entryBox = await entry.boundingBox();
  if (!listBox || !entryBox) throw new Error('the list and the entry are both on screen');
  expect(listBox.x + listBox.width).toBeLessThanOrEqual(entryBox.x);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`list and detail at desktop width (${theme} theme)`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    /** Signs in to a new account whose settings, on this device and on the server, choose `theme`. */
    async function signIn(page: Page) {
      await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
      const session = await signInBeforeLoad(page);
      await seedTheme(SUPABASE_URL, session, theme);
      return session;
    }

    test.afterEach(async ({ page }) => {
      // The checks ran in the theme the run is named after, also once the settings row was pulled.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(theme === 'dark');
    });

    test('a note opens beside the notes list, which keeps its place and its search', async ({ page }) => {
      const session = await signIn(page);
      await seedNotes(SUPABASE_URL, session, 40);
      await page.goto('/notes');
      await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No note open' })).toBeVisible();
      await expect(page.getByText('40 notes', { exact: true })).toBeVisible();
      const search = page.getByRole('searchbox', { name: 'Search notes' });
      await search.fill('Note');
      await expect(page.getByText('40 notes match')).toBeVisible();

      // Down the list, to two cards on screen there.
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect.poll(() => windowScroll(page)).toBeGreaterThan(1000);
      const listScroll = await windowScroll(page);
      let titles: string[] = [];
      await expect
        .poll(async () => {
          titles = await noteList(page)
            .getByRole('link')
            .evaluateAll((links) =>
              links
                .filter((link) => {
                  const box = link.getBoundingClientRect();
                  return box.top >= 0 && box.bottom <= window.innerHeight;
                })
                .map((link) => link.firstElementChild?.textContent ?? ''),
            );
          return titles.length;
        })
        .toBeGreaterThanOrEqual(2);
      const [firstTitle = '', secondTitle = ''] = titles;
      const first = noteCard(page, firstTitle);
      await first.click();
      await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}\?q=Note$/);
      const firstUrl = page.url();
      await expect(titleField(page)).toHaveValue(firstTitle);
      await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible();
      await expect(first).toHaveAttribute('aria-current', 'page');
      await expectSideBySide(noteList(page), titleField(page));
      expect(await windowScroll(page)).toBe(listScroll);

      const second = noteCard(page, secondTitle);
      await second.click();
      await expect(titleField(page)).toHaveValue(secondTitle);
      await expect(page).not.toHaveURL(firstUrl);
      await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}\?q=Note$/);
      await expect(second).toHaveAttribute('aria-current', 'page');
      await expect(first).not.toHaveAttribute('aria-current', 'page');
      await expect(search).toHaveValue('Note');
      expect(await windowScroll(page)).toBe(listScroll);

      await page.goBack();
      await expect(page).toHaveURL(firstUrl);
      await expect(titleField(page)).toHaveValue(firstTitle);
      await expect(first).toHaveAttribute('aria-current', 'page');

      expect(await textOverlaps(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a new note is written beside the list', async ({ page }) => {
      await signIn(page);
      await page.goto('/notes');
      await page.getByRole('button', { name: 'New note' }).click();
      await expect(page).toHaveURL(/\/notes\/new$/);
      await expect(titleField(page)).toBeFocused();
      await page.keyboard.type('Tea list');
      await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);
      await expect(noteList(page).getByRole('link', { name: /^Tea list/ })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectSideBySide(noteList(page), titleField(page));
      await expect(titleField(page)).toBeFocused();
      await expect(titleField(page)).toHaveValue('Tea list');
    });

    test('a diary entry opens beside the diary, and Tab goes from the list to the entry', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/diary');
      await expect(page.getByRole('heading', { name: 'No entry open' })).toBeVisible();
      const entries = page.locator('[data-list-pane]');
      for (const title of ['Morning pages', 'Evening walk']) {
        await page.getByRole('button', { name: 'New entry for today' }).click();
        await expect(page).toHaveURL(/\/diary\/new\?day=/);
        await titleField(page).fill(title);
        await expect(page).toHaveURL(/\/diary\/[0-9a-f-]{36}$/);
        await expect(entries.getByRole('link', { name: new RegExp(title) })).toBeVisible();
      }
      const morning = entries.getByRole('link', { name: /Morning pages/ });
      const evening = entries.getByRole('link', { name: /Evening walk/ });

      await morning.click();
      await expect(titleField(page)).toHaveValue('Morning pages');
      const morningUrl = page.url();
      await expect(morning).toHaveAttribute('aria-current', 'page');
      await expectSideBySide(entries, titleField(page));
      await evening.click();
      await expect(titleField(page)).toHaveValue('Evening walk');
      await expect(page).not.toHaveURL(morningUrl);
      await expect(evening).toHaveAttribute('aria-current', 'page');
      await expect(morning).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(morningUrl);
      await expect(titleField(page)).toHaveValue('Morning pages');

      // The last card of the list, then the entry's first control.
      await entries.getByRole('link').last().focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Back to the day' })).toBeFocused();

      expect(await textOverlaps(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('list and detail at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the notes list and an open note sit side by side without overlapping', async ({ page }) => {
    const session = await signInBeforeLoad(page);
    await seedNotes(SUPABASE_URL, session, 5);
    await page.goto('/notes');
    await noteCard(page, 'Note 2').click();
    await expect(titleField(page)).toHaveValue('Note 2');
    await expectSideBySide(noteList(page), titleField(page));
    expect(await textOverlaps(page)).toEqual([]);
  });
});

test.describe('list and detail at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and an open note are separate screens', async ({ page }) => {
    const session = await signInBeforeLoad(page);
    await seedNotes(SUPABASE_URL, session, 3);
    await page.goto('/notes');
    await expect(noteCard(page, 'Note 1')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No note open' })).toBeHidden();
    await noteCard(page, 'Note 1').click();
    await expect(titleField(page)).toHaveValue('Note 1');
    await expect(page.getByRole('heading', { level: 1, name: 'Note 1' })).toBeVisible();
    await expect(noteList(page)).toBeHidden();
    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(noteList(page)).toBeVisible();
    await expect(titleField(page)).toHaveCount(0);
  });
});

/** Whether a field's hint fits in its box as rendered: the width its text takes in the field's font. */
function hintFits(field: Locator): Promise<boolean> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
}

for (const width of [1280, 1024, 390, 360]) {
  test.describe(`the notes search at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('shows its whole hint, beside an open note too', async ({ page }) => {
      const session = await signInBeforeLoad(page);
      await seedNotes(SUPABASE_URL, session, 3);
      await page.goto('/notes');
      const search = page.getByRole('searchbox', { name: 'Search notes' });
      expect(await hintFits(search)).toBe(true);
      await noteList(page).getByRole('link').first().click();
      await expect(titleField(page)).toBeVisible();
      if (width >= 1024) expect(await hintFits(search)).toBe(true);
    });
  });
}
