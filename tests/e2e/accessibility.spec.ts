import { expect, test } from '@playwright/test';

import { chooseAnotherWay, enrolledAccountAtAal1, signInForReal } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueEmail } from './support/backend.ts';
import { signInBeforeLoad, SESSION_STORAGE_KEY } from './support/session.ts';

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
  '/settings',
  '/settings/appearance',
  '/settings/recording',
  '/settings/transcription',
  '/settings/storage',
];

function halves(paths: readonly string[]): string[][] {
  const middle = Math.ceil(paths.length / 2);
  return [paths.slice(0, middle), paths.slice(middle)];
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
    });

    // One page visits several paths in turn (each a full load, as a link from outside would be): a
    // new browser context per path cost more than the checks. A path with violations is reported
    // without stopping the others. Halves keep each test well inside its time on a loaded machine.
    for (const paths of halves(visitorPaths)) {
      test(`visitor pages from ${paths[0]} have no serious or critical axe violations`, async ({ page }) => {
        test.slow();
        for (const path of paths) {
          await test.step(path, async () => {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            expect.soft(await seriousViolations(page), path).toEqual([]);
          });
        }
      });
    }

    for (const paths of halves(memberPaths)) {
      test(`signed-in pages from ${paths[0]} have no serious or critical axe violations`, async ({
        page,
      }) => {
        test.slow();
        await signInBeforeLoad(page);
        for (const path of paths) {
          await test.step(path, async () => {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            expect.soft(await seriousViolations(page), path).toEqual([]);
          });
        }
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

// Account screens that talk to the server use a real account on the local backend.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`account screens (${theme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
    });

    test('/profile with two-step enrolment and the delete confirmation open has no serious or critical axe violations', async ({
      page,
      request,
    }) => {
      const email = uniqueEmail('axe-profile');
      await signInForReal(page, request, email);
      await page.goto('/profile');
      await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
      await page.getByRole('button', { name: 'Set up two-step verification' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/onboarding for a new account has no serious or critical axe violations', async ({
      page,
      request,
    }) => {
      await signInForReal(page, request, uniqueEmail('axe-onboarding'));
      await page.goto('/onboarding');
      await expect(page.getByRole('button', { name: 'Start journaling' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/auth with more ways open, and its phone and SSO forms, have no serious or critical axe violations', async ({
      page,
    }) => {
      await page.goto('/auth');
      const moreWays = page.getByRole('button', { name: 'More ways to sign in' });
      await expect(moreWays).toHaveAttribute('aria-expanded', 'false');
      expect(await seriousViolations(page)).toEqual([]);
      await moreWays.click();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Text me a code' }).click();
      await page.getByRole('button', { name: 'Text me a code' }).last().click();
      await expect(page.getByText('Enter your phone number.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await chooseAnotherWay(page, 'Company sign-in (SSO)');
      await expect(page.getByLabel('Company email domain')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the unsynced-changes sign-out dialog has no serious or critical axe violations', async ({
      page,
      request,
    }) => {
      await page.route('**/rest/v1/rpc/sync_push', (route) => route.abort('internetdisconnected'));
      await signInForReal(page, request, uniqueEmail('axe-unsynced'));
      await page.goto('/onboarding');
      await page
        .getByRole('group', { name: 'Notes', exact: true })
        .getByRole('radio', { name: 'Caveat' })
        .check();
      await page.getByRole('button', { name: 'Start journaling' }).click();
      await expect(page).toHaveURL(/\/app$/);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expect(page.getByRole('heading', { name: "Some changes haven't synced yet" })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the two-step code form at sign-in has no serious or critical axe violations', async ({
      page,
      request,
    }) => {
      const session = await enrolledAccountAtAal1(request, uniqueEmail('axe-mfa'));
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        SESSION_STORAGE_KEY,
        JSON.stringify(session),
      ] as const);
      await page.goto('/auth');
      await expect(page.getByLabel('Authenticator code')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
