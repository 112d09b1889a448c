import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { LOCAL_WHISPER_MODEL } from '../../src/features/voice/local-model/local-whisper-model.ts';
import { TINY_WHISPER_DIR } from '../stubs/model-hub-stub.ts';
import {
  dock,
  expectNoSeriousViolations,
  exportedCaptions,
  fakeMicrophone,
  startTrial,
} from './support/voice.ts';

test.use(fakeMicrophone());

/** The hub stand-in the app under test was built to download from (playwright.config.ts). */
const MODEL_HUB = `http://127.0.0.1:${Number(process.env['MODEL_HUB_PORT'] ?? Number(process.env['API_PORT'] ?? 54321) + 79)}`;

/** The files transformers.js reads for the model; the stand-in has each under the same name. */
const MODEL_FILES = LOCAL_WHISPER_MODEL.files;
/** What the tiny Whisper-shaped model hears in any audio (scripts/fixtures/make-tiny-whisper.py). */
const MODEL = JSON.parse(readFileSync(join(TINY_WHISPER_DIR, 'spoken-text.json'), 'utf8')) as {
  detected: string;
  segmentEnd: number;
  text: Record<string, string>;
};

/** Local Processing's worker and runtime files the service worker keeps (pwa.config.ts); `drop` removes them. */
async function keptRuntime(page: Page, drop = false): Promise<string[]> {
  return page.evaluate(async (remove) => {
    const kept: string[] = [];
    for (const name of ['murmur-lazy-scripts', 'murmur-runtimes']) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (!/local-whisper\.worker-|ort-wasm-simd-threaded/.test(path)) continue;
        kept.push(path.replace(/-[\w-]+\.(m?js|wasm)$/, '.$1'));
        if (remove) await cache.delete(request);
      }
    }
    return kept.sort();
  }, drop);
}

async function hubRequests(): Promise<string[]> {
  return (await (await fetch(`${MODEL_HUB}/requests`)).json()) as string[];
}

test.describe('voice: Local Processing', () => {
  test('the on-device model downloads only when asked, with its size shown, and then transcribes offline', async ({
    page,
    context,
  }, testInfo) => {
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

    // A recording made before the download fails, saying what to do; nothing is downloaded for it.
    await page.goto('/app');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(dock(page).getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 10_000 });
    await dock(page).getByRole('button', { name: 'Stop' }).click();
    await dock(page).getByRole('button', { name: 'Keep' }).click();
    await expect(dock(page).getByRole('status')).toHaveText('Failed — retry', { timeout: 20_000 });
    const waiting = page.getByRole('region', { name: 'Recordings waiting for their words' });
    await expect(
      waiting.getByText(
        'The on-device model is not downloaded. Download it in Settings → Transcription, then retry.',
      ),
    ).toBeVisible();
    expect((await hubRequests()).slice(before).filter((request) => request.startsWith('GET'))).toEqual([]);

    // The hub loses a file mid-download: the user is told, nothing counts as downloaded, and trying
    // again fetches what is still missing.
    await fetch(`${MODEL_HUB}/missing?file=onnx/decoder_model_merged_quantized.onnx`);
    await page.goto('/settings/transcription');
    await page.getByRole('button', { name: `Download model (${size})` }).click();
    await expect(page.getByRole('alert')).toContainText('The model could not be downloaded:');
    await expect(page.getByText(`The download is ${size};`)).toBeVisible();
    await fetch(`${MODEL_HUB}/missing`);
    await page.getByRole('button', { name: `Download model (${size})` }).click();
    await expect(
      page.getByText('Whisper Base is on this device: recordings are transcribed here, offline too.'),
    ).toBeVisible({ timeout: 60_000 });
    const fetched = (await hubRequests()).slice(before).filter((request) => request.startsWith('GET'));
    for (const file of MODEL_FILES)
      expect(fetched.some((request) => request.endsWith(`/${file}`))).toBe(true);
    await expect(page.getByRole('button', { name: 'Remove model from this device' })).toBeVisible();
    const runtime = [
      '/assets/local-whisper.worker.js',
      '/assets/ort-wasm-simd-threaded.asyncify.mjs',
      '/assets/ort-wasm-simd-threaded.asyncify.wasm',
    ];
    expect(await keptRuntime(page)).toEqual(runtime);

    // An app update brings a new worker and runtime that nothing has fetched yet: as if so, the kept
    // copies go. Online, the app fetches them again soon after it starts, before the user goes offline.
    await keptRuntime(page, true);
    await page.goto('/app');
    await expect.poll(() => keptRuntime(page), { timeout: 20_000 }).toEqual(runtime);

    // Offline, from a reload: the model, the runtime and the worker all come from the device. The
    // failed recording is retried, and a new one is transcribed as soon as it is kept.
    await context.setOffline(true);
    await page.goto('/app');
    await waiting.getByRole('button', { name: 'Retry transcription' }).click();
    await expect(waiting).toBeHidden({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(dock(page).getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 10_000 });
    await dock(page).getByRole('button', { name: 'Stop' }).click();
    await dock(page).getByRole('button', { name: 'Keep' }).click();
    await expect(dock(page).getByRole('status')).toHaveText('Transcribed', { timeout: 60_000 });
    expect((await hubRequests()).slice(before).filter((request) => request.startsWith('GET'))).toHaveLength(
      fetched.length,
    );

    // The language was detected (the settings' default), and Whisper was asked for it: the model
    // answers in German only when the prompt names German.
    expect(MODEL.detected).toBe('de');
    const said = MODEL.text['de'] ?? '';
    await page.goto('/notes');
    await expect(page.getByRole('link', { name: /^Voice note/ })).toHaveCount(2);
    for (const note of await page.getByRole('link', { name: /^Voice note/ }).all())
      await expect(note).toContainText(said);

    // Whisper's timestamps come with the words: the archive, exported offline, has them as captions.
    const caption = `WEBVTT\n\n00:00:00.000 --> 00:00:0${MODEL.segmentEnd.toFixed(3)}\n${said}\n`;
    expect(await exportedCaptions(page, testInfo, 'local-captions.zip')).toEqual([caption, caption]);
  });
});
