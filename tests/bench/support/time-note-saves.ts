import type { Page } from '@playwright/test';

/** Measured by the editors' autosave around each write (src/lib/drafts/use-autosave.ts). */
const SAVE_MEASURE = 'murmur:autosave';

/**
 * Writes a new note (beside the journal's) the way a person types with pauses: a letter, its autosave,
 * again, `saves` times; returns each save's time from the command to its IndexedDB commit.
 */
export async function timeNoteSaves(page: Page, base: string, saves: number): Promise<number[]> {
  await page.goto(`${base}/notes`);
  await page.getByRole('button', { name: 'New note' }).click();
  const text = page.getByLabel('Text', { exact: true });
  await text.waitFor();
  // A new note is a draft until its first words (ADR 0143): the first letter creates it, and only the
  // edits after that are autosaves.
  await text.click();
  await page.keyboard.press('x');
  await page.waitForURL(/\/notes\/(?!new$)[^/]+$/);
  await page.evaluate((name) => {
    const state = window as unknown as { saveTimes: number[] };
    state.saveTimes = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === name) state.saveTimes.push(entry.duration);
    }).observe({ type: 'measure' });
  }, SAVE_MEASURE);
  await text.click();
  await page.keyboard.press('End');
  // One letter, then its save, as a person pausing between words: each save is its own write.
  for (let edit = 1; edit <= saves; edit += 1) {
    await page.keyboard.press('x');
    await page.waitForFunction(
      (count) => (window as unknown as { saveTimes: number[] }).saveTimes.length >= count,
      edit,
    );
  }
  return page.evaluate(() => (window as unknown as { saveTimes: number[] }).saveTimes);
}
