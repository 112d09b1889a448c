import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium-path.ts';
import { signInBeforeLoad } from './support/session.ts';
import { speechWav } from './support/speech-wav.ts';

// The e2e backend's transcribe function answers through the OpenAI stand-in with these words.
const WORDS = 'Today I walked to the lake and watched the herons.';

test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${speechWav(WORDS, 8)}`,
    ],
  },
});

/** A new account on its free trial, started from /subscription as a person would. */
async function startTrial(page: Page) {
  await signInBeforeLoad(page);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Start your free trial' }).click();
  await expect(page.getByText(/Free trial: \d+ days? left/)).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

const dock = (page: Page) => page.getByRole('region', { name: 'Recorder' });

/** Records a few seconds, stops, keeps it, and waits until its words have been delivered. */
async function recordAndKeep(page: Page) {
  await expect(dock(page).getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 10_000 });
  await dock(page).getByRole('button', { name: 'Stop' }).click();
  await dock(page).getByRole('button', { name: 'Keep' }).click();
  await expect(dock(page).getByRole('status')).toHaveText('Transcribed', { timeout: 20_000 });
}

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
    await expect(page.getByLabel('Entry', { exact: true })).toHaveValue(WORDS);
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
    await expect(note).toHaveValue(`Calm day. ${WORDS}`);

    await page.goto('/mood');
    await expect(page.getByText(`Calm day. ${WORDS}`)).toBeVisible();
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
