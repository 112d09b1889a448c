import { expect, test, type Page } from '@playwright/test';

import { seriousViolations } from './support/axe.ts';
import { signInBeforeLoad } from './support/session.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const rail = (page: Page) => page.getByTestId('side-rail');
const bottomBar = (page: Page) => page.getByTestId('bottom-nav');
/** Page's frame: the one section labelled by the screen's h1. */
const column = (page: Page) => page.locator('section[aria-labelledby="page-title"]');

const desktopPaths = ['/app', '/notes', '/diary', '/mood', '/calendar', '/settings'];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`at desktop width (${theme} theme)`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
      await signInBeforeLoad(page);
    });

    test('shows the side rail instead of the bottom bar, with the column centred beside it', async ({
      page,
    }) => {
      // A screen of one column (notes and diary show a list beside the open entry there instead).
      await page.goto('/calendar');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(rail(page)).toBeVisible();
      await expect(bottomBar(page)).toBeHidden();
      // One visible Main landmark: the rail, with the bar's five destinations in the bar's order.
      await expect(nav(page)).toHaveCount(1);
      await expect(nav(page).getByRole('link')).toHaveText([
        'Home',
        'Insights',
        'Diary',
        'Notes',
        'Calendar',
      ]);
      await expect(nav(page).getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');

      const railBox = await rail(page).boundingBox();
      const columnBox = await column(page).boundingBox();
      if (!railBox || !columnBox) throw new Error('the rail and the column are both on screen');
      expect(railBox.x).toBe(0);
      expect(columnBox.x).toBeGreaterThanOrEqual(railBox.x + railBox.width);
      const spaceLeft = columnBox.x - (railBox.x + railBox.width);
      const spaceRight = 1280 - (columnBox.x + columnBox.width);
      expect(Math.abs(spaceLeft - spaceRight)).toBeLessThanOrEqual(1);
      expect(spaceLeft).toBeGreaterThan(0);
    });

    test('the rail comes first by keyboard and navigates', async ({ page }) => {
      await page.goto('/app');
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(nav(page).getByRole('link', { name: 'Home' })).toBeFocused();
      await expect(nav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab');
      await expect(nav(page).getByRole('link', { name: 'Notes' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/notes$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page');
      await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(1);
    });

    for (const path of desktopPaths) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(rail(page)).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the bottom bar and no rail', async ({ page }) => {
    await signInBeforeLoad(page);
    await page.goto('/notes');
    await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
    await expect(bottomBar(page)).toBeVisible();
    await expect(rail(page)).toBeHidden();
    await expect(nav(page)).toHaveCount(1);
    await expect(nav(page).getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page');
  });
});
