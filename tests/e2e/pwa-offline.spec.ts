import { expect, type Page, test } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * One online visit installs the service worker; prompt mode does not claim open pages, so the page is
 * reloaded once to be controlled, as a returning user's next visit would be.
 */
async function visitOnce(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const BACKEND_PATHS = [
  '/auth/v1/callback',
  '/rest/v1/notes',
  '/realtime/v1/websocket',
  '/storage/v1/object/a.webm',
  '/functions/v1/x',
];

test.describe('Murmur offline', () => {
  test('opens the app shell and deep links it has never shown', async ({ page, context }) => {
    await visitOnce(page, '/');
    await context.setOffline(true);
    await page.reload();
    await expect(heading(page)).toHaveText('Murmur');
    // /faq was never opened online: its lazy screen comes from the precache too.
    await page.goto('/faq');
    await expect(heading(page)).toHaveText('Frequently asked questions');
    await page.goto('/support');
    await expect(page.getByText(/^Murmur \d+\.\d+\.\d+/)).toBeVisible();
    // An installed Murmur started offline still finds its manifest and icons.
    const statuses = await page.evaluate(async () => {
      const files = [
        '/manifest.webmanifest',
        '/icons/icon-192.png',
        '/icons/maskable-512.png',
        '/apple-touch-icon.png',
      ];
      return Promise.all(files.map(async (file) => (await fetch(file)).status));
    });
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  test('opens a signed-in user’s notes from a deep link', async ({ page, context }) => {
    await signInBeforeLoad(page);
    await visitOnce(page, '/app');
    await context.setOffline(true);
    await page.goto('/notes');
    await expect(heading(page)).toHaveText('Notes');
    expect(new URL(page.url()).pathname).toBe('/notes');
  });

  test('searches notes offline on a device that never loaded the notes filter worker', async ({
    page,
    context,
  }) => {
    // The worker is cached on first use, not precached (pwa.config.ts): offline before that first use,
    // the same filter runs in the page instead (docs/adr/0098).
    await signInBeforeLoad(page);
    await visitOnce(page, '/app');
    await context.setOffline(true);
    await page.goto('/notes');
    await page.getByRole('button', { name: 'New note' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await page.keyboard.type('Heron by the weir');
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('grey, still, patient');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await page.getByRole('link', { name: 'All notes' }).click();
    const search = page.getByRole('searchbox', { name: 'Search notes' });
    await search.fill('patie');
    const notes = page.getByRole('list', { name: 'Notes' });
    await expect(notes.getByRole('link', { name: /Heron by the weir/ })).toBeVisible();
    await expect(page.getByText('1 note matches')).toBeVisible();
    await search.fill('zebra');
    await expect(page.getByRole('heading', { name: 'No matching notes' })).toBeVisible();
  });

  test('never answers a backend address with the app shell', async ({ page, context }) => {
    await visitOnce(page, '/');
    const appRoute = await page.goto('/faq');
    expect(appRoute?.fromServiceWorker()).toBe(true);
    for (const path of BACKEND_PATHS) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker(), path).toBe(false);
    }
    await context.setOffline(true);
    for (const path of BACKEND_PATHS) {
      await expect(page.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    }
  });
});
