import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

/** A check-in for a past day, made through the check-in screen. */
async function checkIn(page: Page, day: string, mood: string) {
  await page.goto(`/mood/entry/${day}`);
  await page.getByRole('radio', { name: mood }).check({ force: true });
  await page.getByLabel('Time').fill('09:00');
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/mood\\?day=${day}$`));
}

test.describe('calendar', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('a day shows its mood and entries, and the grid follows the keyboard', async ({ page }) => {
    await page.goto('/mood/entry');
    await page.getByRole('radio', { name: 'Great' }).check({ force: true });
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await expect(page.getByRole('article', { name: /^Great at / })).toBeVisible();
    await page.getByRole('button', { name: 'Write' }).click();
    await page.getByLabel('Title').fill('Calendar day');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

    await page.goto('/calendar');
    const grid = page.getByRole('grid');
    const today = grid.locator('[aria-current="date"]');
    await expect(today).toHaveAttribute('aria-label', /mood Great, 1 diary entry/);
    await expect(today).toHaveAttribute('tabindex', '0');
    const heading = page.getByRole('heading', { level: 2 });
    const thisMonth = await heading.textContent();

    await today.focus();
    const todayDay = await today.getAttribute('data-day');
    await page.keyboard.press('ArrowRight');
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('data-day'));
    expect(await focusedDay()).not.toBe(todayDay);
    await page.keyboard.press('ArrowLeft');
    expect(await focusedDay()).toBe(todayDay);
    await page.keyboard.press('Home');
    const weekStart = await focusedDay();
    await page.keyboard.press('End');
    const weekEnd = await focusedDay();
    expect(weekStart && weekEnd && weekStart < weekEnd).toBe(true);
    // The month follows focus: a week that ends in the next month (29 November 2026, a Sunday, to
    // 5 December) shows that month once End is pressed.
    const weekEndMonth = (await heading.textContent()) ?? '';
    expect(weekEndMonth === thisMonth).toBe(weekEnd?.slice(0, 7) === todayDay?.slice(0, 7));

    await page.keyboard.press('PageUp');
    await expect(heading).not.toHaveText(weekEndMonth);
    await page.keyboard.press('PageDown');
    await expect(heading).toHaveText(weekEndMonth);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await focusedDay()).toBe(weekEnd);

    await grid.locator(`[data-day="${todayDay}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/mood$/);
    await expect(page.getByRole('link', { name: /Calendar day/ })).toBeVisible();
  });

  test('the week starts on the day the language’s locale starts it', async ({ page }) => {
    await page.goto('/calendar');
    await expect(page.getByRole('columnheader').first()).toHaveText('Sun');
    await page.addInitScript(() => localStorage.setItem('murmur-language', 'de-DE'));
    await page.goto('/calendar');
    await expect(page.getByRole('columnheader').first()).toHaveText(/^Mo/);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`on a phone a mood's face sits clear of a two-digit day, in readable ink (${theme})`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
      await page.setViewportSize({ width: 390, height: 844 });
      await checkIn(page, '2026-11-28', 'Awful');
      await checkIn(page, '2026-11-29', 'Great');
      await page.goto('/calendar');
      const grid = page.getByRole('grid');
      while ((await grid.locator('[data-day="2026-11-28"]:not([data-outside="true"])').count()) === 0)
        await page.getByRole('button', { name: 'Previous month' }).click();
      for (const day of ['2026-11-28', '2026-11-29']) {
        const cell = grid.locator(`[data-day="${day}"]:not([data-outside="true"])`);
        const number = await cell.locator('span').first().boundingBox();
        const face = await cell.locator('svg').boundingBox();
        expect(number && face).toBeTruthy();
        if (!number || !face) continue;
        const apart =
          number.x + number.width <= face.x ||
          face.x + face.width <= number.x ||
          number.y + number.height <= face.y ||
          face.y + face.height <= number.y;
        expect(apart, `${day}: the face covers the number`).toBe(true);
      }
      const contrast = await new AxeBuilder({ page })
        .include('[role="grid"]')
        .withRules(['color-contrast'])
        .analyze();
      expect(
        contrast.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
      ).toEqual([]);
    });
  }
});
