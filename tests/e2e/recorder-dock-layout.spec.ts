import { expect, test, type Page } from '@playwright/test';

import { seedNotes } from './support/seed-notes.ts';
import { SUPABASE_URL } from './support/session.ts';
import { textOverlaps } from './support/text-overlaps.ts';
import { dock, fakeMicrophone, startTrial } from './support/voice.ts';

test.use(fakeMicrophone());

const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });

/** Scrolls the window and every pane that scrolls on its own to its end, where the dock would sit. */
async function scrollEverythingToTheEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    for (const element of document.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (/(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight)
        element.scrollTop = element.scrollHeight;
    }
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`the recorder while recording at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('leaves room for itself: nothing of the list or the note is hidden under it', async ({ page }) => {
      const session = await startTrial(page);
      await seedNotes(SUPABASE_URL, session, 30);
      await page.goto('/notes');
      await noteList(page).getByRole('link').first().click();
      await page.getByRole('button', { name: 'Record into this text' }).click();
      await expect(dock(page).getByRole('timer')).toBeVisible({ timeout: 10_000 });
      if (viewport.width >= 1024) {
        // Beside the rail the dock sits in it, left of the list and of the open note.
        const dockBox = await dock(page).boundingBox();
        const listBox = await noteList(page).boundingBox();
        if (!dockBox || !listBox) throw new Error('the dock and the list are both on screen');
        expect(dockBox.x + dockBox.width).toBeLessThanOrEqual(listBox.x);
        expect(await textOverlaps(page)).toEqual([]);
      }
      await scrollEverythingToTheEnd(page);
      // The end of the page and of the note's pane are reachable above the dock.
      await expect.poll(() => textOverlaps(page)).toEqual([]);
      await dock(page).getByRole('button', { name: 'Stop' }).click();
      await dock(page).getByRole('button', { name: 'Discard' }).click();
    });
  });
}
