import { expect, test, type Page } from '@playwright/test';

import { DEMO_SERVICE_ROLE_KEY } from '../../server/keys.ts';
import { API_URL } from './support/backend.ts';
import { storedUserId } from './support/local-database.ts';
import { fakeMicrophone, startTrial } from './support/voice.ts';
import { serviceWorkerInControl } from './support/service-worker.ts';

test.use(fakeMicrophone());

/** What only the billing functions may do: move a trial's end, here into the past. */
async function endTrial(userId: string) {
  const response = await fetch(`${API_URL}/rest/v1/subscriptions?user_id=eq.${userId}`, {
    method: 'PATCH',
    headers: {
      apikey: DEMO_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ trial_ends_at: new Date(Date.now() - 60_000).toISOString() }),
  });
  expect(response.status).toBeLessThan(300);
}

const locked = (page: Page) => page.getByText('Recording is part of Premium and the free trial.');

test.describe('the subscription decides who records', () => {
  test('a trial user records; when the trial ends they are back to basic and told why', async ({ page }) => {
    test.setTimeout(90_000);
    await startTrial(page);
    await page.goto('/app');
    await expect(page.getByRole('button', { name: 'Record' })).toBeVisible();
    await expect(locked(page)).toHaveCount(0);

    await endTrial((await storedUserId(page)) ?? '');
    // The subscription is read again on focus, every 30 s, and at start: a reload is the quickest.
    await page.reload();
    await expect(locked(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Record' })).toHaveCount(0);
    await page.goto('/subscription');
    await expect(
      page.getByText('Your free trial has been used. Choose a plan to keep recording.'),
    ).toBeVisible();
  });

  test('starting offline keeps the last known subscription: a trial user can still record', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await startTrial(page);
    await page.goto('/app');
    await expect(page.getByRole('button', { name: 'Record' })).toBeVisible();
    // Offline navigation needs the service worker in control of the page.
    await serviceWorkerInControl(page);

    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record' })).toBeVisible();
    await expect(locked(page)).toHaveCount(0);
  });
});
