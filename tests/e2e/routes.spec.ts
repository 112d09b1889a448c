import { expect, type Page, test } from '@playwright/test';

import { PASSWORD, signInForReal, signInWithPassword } from './support/accounts.ts';
import { createAccount, uniqueEmail } from './support/backend.ts';
import { signInBeforeLoad } from './support/session.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Screens a signed-in user is sent away from. */
const guestOnlyScreens: [string, string][] = [
  ['/', 'Murmur'],
  ['/auth', 'Sign in to Murmur'],
  ['/login', 'Sign in to Murmur'],
];

/** Screens everyone sees where they asked, signed in or not. */
const openScreens: [string, string][] = [
  ['/auth/reset-password', 'Choose a new password'],
  ['/onboarding', 'Welcome to Murmur'],
  ['/subscription', 'Subscription'],
  ['/support', 'Help and support'],
  ['/faq', 'Frequently asked questions'],
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms of use'],
  ['/no/such/page', 'Page not found'],
  ['/404', 'Page not found'],
];

test.describe('a visitor', () => {
  for (const [path, title] of [...guestOnlyScreens, ...openScreens]) {
    test(`sees ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(heading(page)).toHaveText(title);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  const privatePaths = [
    '/app',
    '/profile',
    '/notes',
    '/calendar',
    '/diary',
    '/mood',
    '/insights',
    '/mood/entry',
    '/mood/entry/2026-11-01',
    '/settings',
    '/settings/appearance',
  ];
  for (const path of privatePaths) {
    test(`is sent from ${path} to /auth with the location kept`, async ({ page }) => {
      await page.goto(`${path}?from=test#here`);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(heading(page)).toHaveText('Sign in to Murmur');
      const kept = await page.evaluate(() => (history.state as { usr?: { from?: unknown } }).usr?.from);
      expect(kept).toMatchObject({ pathname: path, search: '?from=test', hash: '#here' });
    });
  }

  test('sent from /notes to /auth, fetches nothing of the notes screen', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/notes');
    await expect(heading(page)).toHaveText('Sign in to Murmur');
    expect(fetched.filter((path) => path.includes('notes-screen'))).toEqual([]);
  });

  test('returns to the page they asked for after signing in', async ({ page, request }) => {
    const email = uniqueEmail('routes-return');
    await createAccount(request, email, PASSWORD);
    await page.goto('/notes?tag=travel');
    await expect(page).toHaveURL(/\/auth$/);
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/notes\?tag=travel$/);
    await expect(heading(page)).toHaveText('Notes');
  });

  test('sees the FAQ answers expand with the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const question = page.getByText('Does Murmur work offline?');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/saved on your device the moment you write it/)).toBeVisible();
  });
});

test.describe('a signed-in user', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  for (const path of ['/', '/auth', '/login']) {
    test(`is sent from ${path} to /app`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/app$/);
      await expect(heading(page)).toHaveText('Today');
    });
  }

  const screens: [string, string][] = [
    ['/app', 'Today'],
    ['/notes', 'Notes'],
    ['/calendar', 'Calendar'],
    ['/diary', 'Diary'],
    ['/mood', 'Mood'],
    ['/insights', 'Insights'],
    ['/mood/entry', 'Mood check-in'],
    ['/settings', 'Settings'],
  ];
  for (const [path, title] of [...screens, ...openScreens]) {
    test(`sees ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(heading(page)).toHaveText(title);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('opens a mood entry for a given day', async ({ page }) => {
    await page.goto('/mood/entry/2026-11-01');
    await expect(page.getByText('How were you feeling on Sunday, November 1, 2026?')).toBeVisible();
  });

  test('reaches every settings page from the index and by URL', async ({ page }) => {
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Appearance' }).click();
    await expect(page).toHaveURL(/\/settings\/appearance$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Appearance' })).toBeVisible();
    await page.goto('/settings/storage');
    await expect(page.getByRole('heading', { level: 2, name: 'Storage and data' })).toBeVisible();
    await page.goto('/settings/nonsense');
    await expect(page.getByRole('alert')).toContainText('There is no settings page called');
  });
});

// The profile reads the account from the server, so it needs a session the server accepts.
test('a signed-in user sees /profile', async ({ page, request }) => {
  const email = uniqueEmail('routes-profile');
  await signInForReal(page, request, email);
  await page.goto('/profile');
  await expect(heading(page)).toHaveText('Profile');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/profile');
});
