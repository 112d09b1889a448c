import { expect, test, type Page } from '@playwright/test';

import { countStore, readStore, storedUserId } from './support/local-database.ts';
import { dock, expectNoSeriousViolations, fakeMicrophone, startTrial } from './support/voice.ts';

test.use(fakeMicrophone());

/** The recorder's rows and the number of audio slices in the signed-in user's database. */
async function storedRecordings(page: Page) {
  const database = `murmur-user-${(await storedUserId(page)) ?? ''}`;
  const rows = (await readStore(page, database, 'local_recordings')) as {
    recording_id: string;
    state: string;
  }[];
  return { rows, chunks: await countStore(page, database, 'audio_chunks') };
}

test.describe('a recording whose keep-or-discard question is left unanswered', () => {
  test('is still there after a reload, offered back, and only Discard removes it', async ({ page }) => {
    test.setTimeout(90_000);
    await startTrial(page);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(dock(page).getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 10_000 });
    await dock(page).getByRole('button', { name: 'Stop' }).click();
    await expect(dock(page).getByRole('status')).toHaveText(/^Keep this recording \(\d+:\d\d\)\?$/);
    const asked = await storedRecordings(page);
    expect(asked.rows).toHaveLength(1);
    expect(asked.chunks).toBeGreaterThanOrEqual(2);

    // Neither Keep nor Discard: the page goes away with the question open.
    await page.reload();
    const offered = page.getByRole('region', { name: /^An unfinished recording \(\d+:\d\d\) was found/ });
    await expect(offered).toBeVisible();
    const after = await storedRecordings(page);
    expect(after.rows).toEqual([
      expect.objectContaining({ recording_id: asked.rows[0]?.recording_id, state: 'interrupted' }),
    ]);
    expect(after.chunks).toBe(asked.chunks);
    await expectNoSeriousViolations(page);

    // Still unanswered at the next start: offered again, nothing lost.
    await page.reload();
    await expect(offered).toBeVisible();
    expect((await storedRecordings(page)).chunks).toBe(asked.chunks);

    await offered.getByRole('button', { name: 'Discard' }).click();
    await expect(offered).toHaveCount(0);
    await expect.poll(() => storedRecordings(page)).toEqual({ rows: [], chunks: 0 });
  });
});
