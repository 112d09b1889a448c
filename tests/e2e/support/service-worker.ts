import type { Page } from '@playwright/test';

/**
 * Waits until Murmur's service worker controls the page (reloading once if it installed without
 * claiming it), so that navigating while offline is served from its cache.
 */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
