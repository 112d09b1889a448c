import type { Page } from '@playwright/test';

import { whenTextShows } from './sync-probes.ts';

/**
 * A check-in with `note` saved on A's open form, until B shows it: the time from the click on "Save
 * check-in" (A's clock) to the note on B's screen (B's clock; both are this machine's).
 */
export async function timeHop(a: Page, b: Page, note: string): Promise<number> {
  await a.getByRole('radio', { name: 'Good' }).check({ force: true });
  await a.getByLabel('Note').fill(note);
  const shown = whenTextShows(b, note);
  const savedAt = await a.evaluate(() => {
    const save = [...document.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Save check-in',
    );
    if (!save) throw new Error('no save button');
    const at = performance.timeOrigin + performance.now();
    save.click();
    return at;
  });
  return (await shown) - savedAt;
}
