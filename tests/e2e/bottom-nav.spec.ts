import { expect, test, type Page } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const tab = (page: Page, name: string) => nav(page).getByRole('link', { name });

test.describe('bottom navigation for a signed-in user', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('shows five tabs pointing at their screens, Diary at /mood', async ({ page }) => {
    await page.goto('/app');
    const expected: [string, string][] = [
      ['Home', '/'],
      ['Insights', '/insights'],
      ['Diary', '/mood'],
      ['Notes', '/notes'],
      ['Calendar', '/calendar'],
    ];
    for (const [name, href] of expected) {
      await expect(tab(page, name)).toHaveAttribute('href', href);
    }
  });

  test('highlights the tab of the current path, Home only on the home screen', async ({ page }) => {
    const cases: [string, string][] = [
      ['/app', 'Home'],
      ['/insights', 'Insights'],
      ['/mood', 'Diary'],
      ['/mood/entry/2026-11-01', 'Diary'],
      ['/notes', 'Notes'],
      ['/calendar', 'Calendar'],
    ];
    for (const [path, active] of cases) {
      await page.goto(path);
      await expect(tab(page, active)).toHaveAttribute('aria-current', 'page');
      await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(1);
    }
    await page.goto('/settings');
    await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('navigates between tabs', async ({ page }) => {
    await page.goto('/app');
    await tab(page, 'Notes').click();
    await expect(page).toHaveURL(/\/notes$/);
    await tab(page, 'Home').click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test('fades in over 0.3 s at 80 px high and pads the page so nothing hides behind it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/notes');
    const bar = nav(page);
    await expect(bar).toBeVisible();
    const style = await bar.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { duration: computed.animationDuration, height: element.getBoundingClientRect().height };
    });
    expect(style).toEqual({ duration: '0.3s', height: 80 });
    const padding = await page
      .locator('main')
      .evaluate((element) => parseFloat(getComputedStyle(element).paddingBottom));
    expect(padding).toBeGreaterThanOrEqual(80);
  });

  test('is hidden on auth, onboarding, privacy, terms, faq and 404 pages', async ({ page }) => {
    for (const path of ['/auth/reset-password', '/onboarding', '/privacy', '/terms', '/faq', '/404']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav(page)).toHaveCount(0);
    }
    await page.goto('/support');
    await expect(nav(page)).toBeVisible();
  });

  test('hides on scrolling down and shows on scrolling up and near the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 420 });
    await page.goto('/support');
    // The answers load with the page (their texts are a chunk of their own): wait for them, then open
    // every one so the page is long enough to scroll.
    await expect(page.locator('summary').first()).toBeVisible();
    for (const summary of await page.locator('summary').all()) await summary.click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = nav(page);
    await expect(bar).toHaveAttribute('data-visible', 'true');

    await page.mouse.wheel(0, 400);
    await expect(bar).toHaveAttribute('data-visible', 'false');
    await expect(bar).not.toBeInViewport();

    await page.mouse.wheel(0, -60);
    await expect(bar).toHaveAttribute('data-visible', 'true');
    await expect(bar).toBeInViewport();

    await page.mouse.wheel(0, 300);
    await expect(bar).toHaveAttribute('data-visible', 'false');
    await page.evaluate(() => window.scrollTo(0, 80));
    await expect(bar).toHaveAttribute('data-visible', 'true');
  });
});

test.describe('bottom navigation for a visitor', () => {
  test('previews the tabs on the landing page and explains that signing in is needed', async ({ page }) => {
    await page.goto('/');
    await expect(nav(page)).toBeVisible();
    await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(0);
    await tab(page, 'Notes').click();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Sign in required');
    await expect(toast).toContainText('Please sign in to access this feature');
    await toast.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sees no bar anywhere else', async ({ page }) => {
    for (const path of ['/auth', '/support', '/subscription', '/nowhere']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav(page)).toHaveCount(0);
    }
  });
});
