import { expect, test } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';
import {
  expectNoSeriousViolations,
  fakeMicrophone,
  recordAndKeep,
  SPOKEN_WORDS,
  startTrial,
} from './support/voice.ts';

test.use(fakeMicrophone());

test.describe('voice into the diary', () => {
  test('a recording from the diary becomes a diary entry for today with the transcribed words', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await startTrial(page);
    await page.goto('/diary');
    await page.getByRole('button', { name: 'Record a diary entry' }).click();
    await expectNoSeriousViolations(page);
    await recordAndKeep(page);

    const today = page.getByRole('region', { name: 'Today' });
    const entry = today.getByRole('link', { name: /herons/ });
    await expect(entry).toHaveCount(1);
    await entry.click();
    await expect(page.getByLabel('Entry', { exact: true })).toHaveValue(SPOKEN_WORDS);
    // The audio is kept beside the words until the user edits them.
    await expect(
      page.getByRole('region', { name: 'Recordings' }).getByText('Transcribed — not edited yet'),
    ).toBeVisible();
  });

  test('a recording from an earlier day in the day view becomes that day’s diary entry', async ({ page }) => {
    test.setTimeout(90_000);
    await startTrial(page);
    const day = await page.evaluate(() => {
      const date = new Date();
      date.setDate(date.getDate() - 3);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    });
    await page.goto(`/mood?day=${day}`);
    const diary = page.getByRole('region', { name: 'Diary' });
    await expect(diary.getByText('Nothing in your diary for this day yet.')).toBeVisible();
    await diary.getByRole('button', { name: 'Record a diary entry' }).click();
    await recordAndKeep(page);
    await expect(diary.getByRole('link', { name: /herons/ })).toHaveCount(1);

    // It belongs to that day, not to today.
    await page.goto('/mood');
    await expect(
      page.getByRole('region', { name: 'Diary' }).getByRole('link', { name: /herons/ }),
    ).toHaveCount(0);
  });

  test('a recording into an open mood check-in lands in its note, which is kept without pressing Save', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await startTrial(page);
    await page.goto('/mood/entry');
    // A check-in not yet saved has no row for the words to land in.
    await expect(page.getByRole('button', { name: 'Record into this text' })).toHaveCount(0);
    await page.getByText('Good', { exact: true }).click();
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await page.getByRole('link', { name: /^Edit the check-in/ }).click();
    const note = page.getByLabel('Note', { exact: true });
    await note.fill('Calm day.');
    await page.getByRole('button', { name: 'Record into this text' }).click();
    await recordAndKeep(page);
    await expect(note).toHaveValue(`Calm day. ${SPOKEN_WORDS}`);

    await page.goto('/mood');
    await expect(page.getByText(`Calm day. ${SPOKEN_WORDS}`)).toBeVisible();
  });

  test('a basic user sees why the diary has no record button', async ({ page }) => {
    await signInBeforeLoad(page);
    await page.goto('/diary');
    await expect(page.getByText('Recording is part of Premium and the free trial.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record a diary entry' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start a free trial' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});
