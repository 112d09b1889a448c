import { expect, test } from '@playwright/test';

import { startBackend, type RunningBackend } from '../../server/start-backend.ts';
import { signInWithPassword, PASSWORD } from './support/accounts.ts';
import { ANON_KEY, API_URL, uniqueEmail } from './support/backend.ts';

/**
 * Product spec §8: 'JWT expired' / 'invalid JWT' on a non-public page gives 'Your session has expired.
 * Please sign in again.' and goes to /. A second backend with a 30-second token lifetime serves this
 * test (the app's requests to the suite's backend are routed to it). The browser's clock runs two hours
 * behind, as on a device with a wrong clock, so supabase-js believes the token is still fresh and sends
 * it after the server has stopped accepting it.
 */
const LIFETIME_S = 30;
let shortLived: RunningBackend;

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  shortLived = await startBackend({ port: 0, dataDir: 'memory://', jwtExpirySeconds: LIFETIME_S });
});

test.afterAll(async () => {
  await shortLived.close();
});

test('an expired token on a private page says so and goes to /', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.route(`${API_URL}/**`, (route) =>
    route.continue({ url: route.request().url().replace(API_URL, shortLived.url) }),
  );
  await page.clock.install({ time: Date.now() - 2 * 60 * 60 * 1000 });

  const email = uniqueEmail('expiring');
  const signup = await request.post(`${shortLived.url}/auth/v1/signup`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email, password: PASSWORD },
  });
  expect(signup.status()).toBe(200);

  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/app$/);

  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
  });
  expect(token).toBeTruthy();
  // Wait, in real time, until the server refuses the token.
  await expect
    .poll(
      async () =>
        (
          await request.get(`${shortLived.url}/auth/v1/user`, {
            headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
          })
        ).status(),
      { timeout: (LIFETIME_S + 30) * 1000, intervals: [2000] },
    )
    .toBe(403);

  await page.goto('/profile');
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')),
  );
  expect(stored).toEqual([]);
});
