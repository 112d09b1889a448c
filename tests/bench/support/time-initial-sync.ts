import type { Page } from '@playwright/test';

import { pageSignal } from './page-signal.ts';
import { countRows, UP_TO_DATE_SIGNAL } from './sync-probes.ts';
import { upToDateAt } from './up-to-date-at.ts';

/** From navigation start to the first "up to date" with every note stored. */
export async function timeInitialSync(
  page: Page,
  url: string,
  userId: string,
  notes: number,
): Promise<number> {
  const upToDate = pageSignal(page, UP_TO_DATE_SIGNAL);
  await page.goto(url);
  const at = await upToDateAt(page, upToDate);
  const stored = await countRows(page, userId, 'notes');
  if (stored < notes) throw new Error(`timeInitialSync: up to date with ${stored} of ${notes} notes`);
  return at;
}
