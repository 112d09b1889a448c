import type { Page } from '@playwright/test';

/** Until A's indicator says "up to date" (it may be already): nothing of A's is still syncing. */
export async function waitUntilUpToDate(page: Page): Promise<void> {
  await page.locator('aside[data-state="up_to_date"]').waitFor();
}
