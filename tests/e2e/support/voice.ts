import { readFileSync } from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';

import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium-path.ts';
import { signInBeforeLoad, type StoredSession } from './session.ts';
import { speechWav } from './speech-wav.ts';

/** What Chromium's fake microphone says; the e2e transcribe function answers with these words too. */
export const SPOKEN_WORDS = 'Today I walked to the lake and watched the herons.';

/** Chromium with a fake microphone that speaks SPOKEN_WORDS (for `test.use`). */
export function fakeMicrophone() {
  return {
    launchOptions: {
      executablePath: findChromium(),
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${speechWav(SPOKEN_WORDS, 8)}`,
      ],
    },
  };
}

/** A new account (or `email`'s) on its free trial, started from /subscription as a person would. */
export async function startTrial(page: Page, email?: string): Promise<StoredSession> {
  const session = await signInBeforeLoad(page, email);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Start your free trial' }).click();
  await expect(page.getByText(/Free trial: \d+ days? left/)).toBeVisible();
  return session;
}

export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

export const dock = (page: Page) => page.getByRole('region', { name: 'Recorder' });

/** Records a few seconds, stops, keeps it, and waits until its words have been delivered. */
export async function recordAndKeep(page: Page) {
  await expect(dock(page).getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 10_000 });
  await dock(page).getByRole('button', { name: 'Stop' }).click();
  await dock(page).getByRole('button', { name: 'Keep' }).click();
  await expect(dock(page).getByRole('status')).toHaveText('Transcribed', { timeout: 20_000 });
}

/** Exports the journal from /settings/storage and returns its recordings' WebVTT captions, by file. */
export async function exportedCaptions(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  await page.goto('/settings/storage');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export journal' }).click();
  const path = testInfo.outputPath(name);
  await (await downloading).saveAs(path);
  const files = unzipSync(new Uint8Array(readFileSync(path)));
  return Object.keys(files)
    .filter((file) => /^recordings\/[^/]+\.vtt$/.test(file))
    .map((file) => strFromU8(files[file] ?? new Uint8Array()));
}
