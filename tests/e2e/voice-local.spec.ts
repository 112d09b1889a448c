import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { TINY_WHISPER_DIR } from '../stubs/model-hub-stub.ts';
import { dock, expectNoSeriousViolations, fakeMicrophone, startTrial } from './support/voice.ts';

test.use(fakeMicrophone());

/** The hub stand-in the app under test was built to download from (playwright.config.ts). */
const MODEL_HUB = `http://127.0.0.1:${Number(process.env['MODEL_HUB_PORT'] ?? Number(process.env['API_PORT'] ?? 54321) + 79)}`;

/** The files transformers.js reads for the model, as the stand-in has them. */
const MODEL_FILES = [
  'config.json',
  'generation_config.json',
  'preprocessor_config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'onnx/encoder_model_quantized.onnx',
  'onnx/decoder_model_merged_quantized.onnx',
];
/** What the tiny Whisper-shaped model says for any audio (scripts/fixtures/make-tiny-whisper.py). */
const MODEL_SAYS = (
  JSON.parse(readFileSync(join(TINY_WHISPER_DIR, 'spoken-text.json'), 'utf8')) as { text: string }
).text.trim();

async function hubRequests(): Promise<string[]> {
  return (await (await fetch(`${MODEL_HUB}/requests`)).json()) as string[];
}

test.describe('voice: Local Processing', () => {
  test('the on-device model downloads only when asked, with its size shown, and then transcribes offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const before = (await hubRequests()).length;
    await startTrial(page);
    await page.goto('/settings/transcription');
    await page.getByRole('combobox', { name: 'Transcription service' }).selectOption('local');
    await expect(page.getByText('Settings updated successfully')).toBeVisible();

    // The size is asked of the hub before anything is downloaded.
    const bytes = MODEL_FILES.reduce((sum, file) => sum + statSync(join(TINY_WHISPER_DIR, file)).size, 0);
    const size = new Intl.NumberFormat('en-US', {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 1,
    }).format(bytes / 1e3);
    const download = page.getByRole('button', { name: `Download model (${size})` });
    await expect(download).toBeVisible();
    await expect(page.getByText(`The download is ${size};`)).toBeVisible();
    const asked = (await hubRequests()).slice(before);
    expect(asked.filter((request) => request.startsWith('GET'))).toEqual([]);
    expect(asked.filter((request) => request.startsWith('HEAD'))).toHaveLength(MODEL_FILES.length);
    await expectNoSeriousViolations(page);

    await download.click();
    await expect(
      page.getByText('Whisper Base is on this device: recordings are transcribed here, offline too.'),
    ).toBeVisible({
      timeout: 60_000,
    });
    const fetched = (await hubRequests()).slice(before).filter((request) => request.startsWith('GET'));
    for (const file of MODEL_FILES)
      expect(fetched.some((request) => request.endsWith(`/${file}`))).toBe(true);
    await expect(page.getByRole('button', { name: 'Remove model from this device' })).toBeVisible();

    // Offline, from a reload: the model, the runtime and the worker all come from the device.
    await context.setOffline(true);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(dock(page).getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 10_000 });
    await dock(page).getByRole('button', { name: 'Stop' }).click();
    await dock(page).getByRole('button', { name: 'Keep' }).click();
    await expect(dock(page).getByRole('status')).toHaveText('Transcribed', { timeout: 60_000 });
    await page.goto('/notes');
    await expect(page.getByRole('link', { name: /^Voice note/ })).toContainText(MODEL_SAYS);
  });
});
