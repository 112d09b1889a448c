import { expect, type Page, test } from '@playwright/test';

import { fakeSession, signInBeforeLoad, storeFakeSessionBeforeLoad } from './support/session.ts';

test.describe('toasts', () => {
  test('appear top-right, one at a time, with a close button, and leave after 4 s', async ({ page }) => {
    await page.goto('/');
    const toaster = page.locator('[data-sonner-toaster]');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
    await expect(toaster).toHaveAttribute('data-x-position', 'right');
    await expect(toaster).toHaveAttribute('data-y-position', 'top');
    // A second error within the 2 s error window is debounced.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
    const close = page.locator('[data-sonner-toast]').getByRole('button', { name: /close/i });
    await expect(close).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 6_000 });
  });

  test('can be closed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    await page.locator('[data-sonner-toast]').getByRole('button', { name: /close/i }).click();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });
});

test.describe('session check', () => {
  /** Holds the supabase-js chunk until the test lets it through. */
  async function holdSupabaseClient(page: Page): Promise<() => void> {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/supabase-client-*.js', async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test("shows 'Loading...' while a session about to expire is refreshed", async ({ page }) => {
    await storeFakeSessionBeforeLoad(page, fakeSession('ada@example.com', 30));
    const refreshed = fakeSession('ada@example.com', 3600);
    await page.route('**/auth/v1/token?grant_type=refresh_token', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(refreshed) }),
    );
    const release = await holdSupabaseClient(page);
    await page.goto('/notes');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
  });

  test('opens the signed-in shell at once with a fresh stored session, before supabase-js has loaded', async ({
    page,
  }) => {
    await signInBeforeLoad(page);
    await holdSupabaseClient(page);
    await page.goto('/notes');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Notes' })).toBeVisible();
    await expect(page).toHaveURL(/\/notes$/);
  });

  test('shows a visitor the landing page at once, before supabase-js has loaded', async ({ page }) => {
    await holdSupabaseClient(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Murmur' })).toBeVisible();
  });
});

test.describe('grid background', () => {
  test('shows for visitors with 40 px squares, 30 px up to 768 px wide, and drifts', async ({ page }) => {
    await page.goto('/');
    const grid = page.getByTestId('grid-background');
    await expect(grid).toBeAttached();
    const wide = await grid.evaluate((element) => {
      const style = getComputedStyle(element);
      return { size: style.backgroundSize, animation: style.animationName };
    });
    expect(wide.size).toBe('40px 40px, 40px 40px');
    expect(wide.animation).not.toBe('none');
    await page.setViewportSize({ width: 600, height: 800 });
    const narrow = await grid.evaluate((element) => getComputedStyle(element).backgroundSize);
    expect(narrow).toBe('30px 30px, 30px 30px');
  });

  test('stands still under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const animation = await page
      .getByTestId('grid-background')
      .evaluate((element) => getComputedStyle(element).animationName);
    expect(animation).toBe('none');
  });

  test('is not shown to a signed-in user', async ({ page }) => {
    await signInBeforeLoad(page);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page.getByTestId('grid-background')).toHaveCount(0);
  });
});

test.describe('theme', () => {
  test('is light by default, switches to dark and stays dark across a reload', async ({ page }) => {
    await signInBeforeLoad(page);
    await page.goto('/settings/appearance');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(html).toHaveClass(/dark/);
    const stored = await page.evaluate(() =>
      Object.entries(localStorage).find(
        ([key]) => key.toLowerCase().includes('murmur') && key.includes('theme'),
      ),
    );
    expect(stored?.[1]).toBe('dark');
    // The synced settings row is written after the local choice; the toast confirms it is kept.
    await expect(page.getByText('Settings updated successfully')).toBeVisible();
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  test('is applied before the app runs, so there is no light flash', async ({ page }) => {
    await page.goto('/faq');
    await page.evaluate(() => localStorage.setItem('murmur-theme', 'dark'));
    // Keep the app's script from running at all: only the inline head script can set the class.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test.describe('language', () => {
  test('switches to German, keeps it across a reload and sets the page language', async ({ page }) => {
    await signInBeforeLoad(page);
    await page.goto('/settings/appearance');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.getByLabel('Language').selectOption('de-DE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Notizen' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await page.getByLabel('Sprache').selectOption('en-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  });
});
