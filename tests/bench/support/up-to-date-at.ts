import type { Page } from '@playwright/test';

/**
 * When the indicator first said "up to date" and has stayed so. Waits for the page's signal first (armed
 * before the load), so the page is not polled while it syncs; polls only if it left "up to date" again.
 */
export async function upToDateAt(page: Page, signal: Promise<void>): Promise<number> {
  await signal;
  const handle = await page.waitForFunction(
    () => (window as unknown as { syncProbe: { upToDateAt: number[] } }).syncProbe.upToDateAt[0],
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}
