import { expect, test } from '@playwright/test';

import { uniqueEmail } from './support/backend.ts';
import { SESSION_STORAGE_KEY, signInBeforeLoad } from './support/session.ts';
import { serviceWorkerInControl } from './support/service-worker.ts';

/**
 * Issue 5: an access token that expires while the device is offline must not lock the user out of the
 * journal on this device; the session is refreshed once the connection returns.
 */
test('offline with an expired access token, the journal stays open and the session renews when back online', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInBeforeLoad(page, uniqueEmail('offline-expired'));
  await page.goto('/mood/entry');
  await page.getByRole('radio', { name: 'Good' }).check({ force: true });
  await page.getByLabel('Note').fill('Written before the flight');
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page.getByRole('article', { name: /^Good at / })).toBeVisible();
  // Offline navigation needs the service worker in control of the page.
  await serviceWorkerInControl(page);

  // The flight: offline, and meanwhile the access token expires (its refresh token stays good).
  await page.context().setOffline(true);
  await page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
    stored.expires_at = Math.floor(Date.now() / 1000) - 600;
    localStorage.setItem(key, JSON.stringify(stored));
  }, SESSION_STORAGE_KEY);
  await page.reload();

  await expect(page).toHaveURL(/\/mood$/);
  await expect(page.getByRole('article', { name: /^Good at / })).toContainText('Written before the flight', {
    timeout: 20_000,
  });
  await expect(page.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);

  await page.context().setOffline(false);
  await expect
    .poll(
      () =>
        page.evaluate((key) => {
          const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
          return (stored.expires_at ?? 0) > Date.now() / 1000;
        }, SESSION_STORAGE_KEY),
      { timeout: 45_000 },
    )
    .toBe(true);
  await expect(page).toHaveURL(/\/mood$/);
});
