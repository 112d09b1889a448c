import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Benchmark, Metric } from './benchmark.ts';
import { msFigure } from './summarize.ts';

/** Inside the 4473–4499 range kept for benchmarks; LOCAL_ASR_BENCH_PORT moves it. */
const PAGE_PORT = Number(process.env['LOCAL_ASR_BENCH_PORT'] ?? 4483);

interface WorkerTimings {
  load: number;
  transcribe: Record<string, number>;
  text: string;
}

/**
 * Local Processing's worker, from the production build, in Chromium at 1× CPU: starting it and loading
 * the runtime and model (first from the network, then from the device's cache, as after a reload),
 * and transcribing 30 seconds and 5 minutes of audio. The model is the tiny Whisper-shaped stand-in
 * (tests/fixtures/tiny-whisper), served by the hub stand-in: it does almost no arithmetic, so the
 * transcription figures are Murmur's and transformers.js's own cost around Whisper (log-mel features
 * of every 30 s window, language detection, the decoding loop, the tokenizer), not Whisper Base's
 * inference, which cannot be measured here without its weights.
 */
export const localTranscription: Benchmark = {
  name: 'local-transcription',
  description:
    'Local Processing worker: runtime and model load (network, then cache) and transcription overhead with the stand-in model',
  async run({ runs, log }) {
    const [
      { chromium },
      { CHROMIUM_ARGS, findChromium },
      { serveDist },
      { buildApp },
      { startModelHubStub },
    ] = await Promise.all([
      import('@playwright/test'),
      import('../../scripts/chromium-path.ts'),
      import('../../scripts/serve-dist.ts'),
      import('./support/build-app.ts'),
      import('../stubs/model-hub-stub.ts'),
    ]);
    const { outDir } = await buildApp();
    const workerFile = readdirSync(join(outDir, 'assets')).find((name) =>
      /^local-whisper\.worker-.+\.js$/.test(name),
    );
    if (!workerFile) throw new Error('local-transcription: the build has no Local Processing worker');
    const server = await serveDist({ port: PAGE_PORT, outDir });
    const hub = await startModelHubStub();
    const executablePath = findChromium();
    if (!executablePath) throw new Error('local-transcription: no Chromium found (set CHROMIUM_PATH)');
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const samples: Record<string, number[]> = {
      'load, first (network)': [],
      'load, from the device': [],
      'transcribe 30 s': [],
      'transcribe 5 min': [],
    };
    let text = '';
    try {
      for (let run = 0; run < Math.max(runs, 3); run += 1) {
        // A fresh profile each run: nothing cached, as for a user who just asked for the download.
        const context = await browser.newContext({ serviceWorkers: 'block' });
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${PAGE_PORT}/`);
        const measure = (download: boolean) =>
          page.evaluate(
            async ([script, modelHost, fetchModel]) => {
              const worker = new Worker(script, { type: 'module' });
              const ask = (message: object, transfer: Transferable[] = []) =>
                new Promise<{ type: string; text?: string; message?: string }>((resolve) => {
                  const listener = (event: MessageEvent<{ type: string }>) => {
                    if (event.data.type === 'progress') return;
                    worker.removeEventListener('message', listener);
                    resolve(event.data);
                  };
                  worker.addEventListener('message', listener);
                  worker.postMessage(message, transfer);
                });
              const started = performance.now();
              const loaded = await ask({ type: 'load', id: 1, modelHost, download: fetchModel });
              if (loaded.type !== 'loaded') throw new Error(`load: ${loaded.message ?? loaded.type}`);
              const load = performance.now() - started;
              const transcribe: Record<string, number> = {};
              let said = '';
              for (const [label, seconds] of [
                ['transcribe 30 s', 30],
                ['transcribe 5 min', 300],
              ] as const) {
                // A quiet hum: the stand-in ignores it, the features are computed all the same.
                const audio = new Float32Array(seconds * 16_000).map((_, i) => 0.1 * Math.sin(i / 20));
                const begun = performance.now();
                const answer = await ask(
                  { type: 'transcribe', id: 2, modelHost, samples: audio, language: null },
                  [audio.buffer],
                );
                if (answer.type !== 'transcribed')
                  throw new Error(`transcribe: ${answer.message ?? answer.type}`);
                transcribe[label] = performance.now() - begun;
                said = answer.text ?? '';
              }
              worker.terminate();
              return { load, transcribe, text: said };
            },
            [`/assets/${workerFile}`, hub.url, download] as const,
          ) as Promise<WorkerTimings>;
        const first = await measure(true);
        const cached = await measure(false);
        samples['load, first (network)']?.push(first.load);
        samples['load, from the device']?.push(cached.load);
        for (const timings of [first, cached])
          for (const [label, ms] of Object.entries(timings.transcribe)) samples[label]?.push(ms);
        text = cached.text;
        log(
          `local-transcription: run ${run + 1}: load ${Math.round(first.load)} / ${Math.round(cached.load)} ms, 30 s in ${Math.round(cached.transcribe['transcribe 30 s'] ?? 0)} ms`,
        );
        await context.close();
      }
    } finally {
      await browser.close();
      await hub.close();
      await server.close();
    }
    const metrics: Metric[] = Object.entries(samples).map(([name, values]) =>
      msFigure(
        name,
        values,
        undefined,
        name.startsWith('load')
          ? 'runtime (27 MB wasm) and model; the model here is the 190 kB stand-in'
          : 'stand-in model: the cost around Whisper, not its inference',
      ),
    );
    return { metrics, details: { text } };
  },
};
