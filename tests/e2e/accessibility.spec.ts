import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousViolations(page: Page) {
  // Colour contrast is only meaningful once fade-ins have finished (infinite decorations never do).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const visitorPaths = [
  '/',
  '/auth',
  '/auth/reset-password',
  '/onboarding',
  '/subscription',
  '/support',
  '/faq',
  '/privacy',
  '/terms',
  '/nowhere',
];
const memberPaths = [
  '/app',
  '/notes',
  '/calendar',
  '/mood',
  '/diary',
  '/insights',
  '/mood/entry',
  '/profile',
  '/settings',
  '/settings/appearance',
  '/settings/recording',
  '/settings/transcription',
  '/settings/storage',
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
    });

    for (const path of visitorPaths) {
      test(`${path} for a visitor has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    for (const path of memberPaths) {
      test(`${path} for a signed-in user has no serious or critical axe violations`, async ({ page }) => {
        await signInBeforeLoad(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the visitor toast has no serious or critical axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
    await expect(page.locator('[data-sonner-toast]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
