import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.ts';
import { e2eEnvironment } from './scripts/e2e-environment.ts';
import { AFTERNOON_TIME_ZONE } from './tests/e2e/support/afternoon-time-zone.ts';

// The suite's own ports and build (scripts/e2e-environment.ts), so a running `npm start` never stands in.
Object.assign(process.env, e2eEnvironment(process.env));
const port = Number(process.env['PORT']);
const baseURL = `http://127.0.0.1:${port}`;
const apiPort = Number(process.env['API_PORT']);
/** The stand-in for OpenAI's transcription API that the backend's transcribe function calls. */
const stubPort = Number(process.env['STUB_PORT']);
/** The stand-in for the Hugging Face hub that Local Processing downloads its model from; the app is
 * built with VITE_MODEL_HOST pointing here (scripts/e2e.ts). */
const modelHubPort = Number(process.env['MODEL_HUB_PORT']);
/** Each run starts the local backend on an empty database of its own. */
const dataDir =
  process.env['E2E_DATA_DIR'] ?? (process.env['E2E_DATA_DIR'] = mkdtempSync(join(tmpdir(), 'murmur-e2e-')));

export default defineConfig({
  testDir: './tests/e2e',
  // Two cores: two workers keep the suite quick without starving the preview server.
  workers: process.env['CI'] ? 2 : undefined,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // A 2-core CI machine runs two workers beside the app and backend servers, and at its slowest takes
  // several times as long as a quiet one: a first visit's service worker install takes 3.5 s alone
  // and 18–26 s beside a second test. Timeouts only bound a wait for what must happen; speed is
  // measured by `npm run bench`.
  timeout: process.env['CI'] ? 90_000 : 30_000,
  expect: {
    timeout: process.env['CI'] ? 15_000 : 7_000,
    // Visual baselines (tests/e2e/visual.spec.ts, ADR 0148) are made on the machine image CI runs; the
    // ratio absorbs antialiasing noise, never a moved or recoloured part of a screen.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    serviceWorkers: 'allow',
    // Every page, a second device's too, in one zone far from midnight (a test's "today" stays put).
    timezoneId: AFTERNOON_TIME_ZONE,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: 'node scripts/serve-dist.ts',
      url: baseURL,
      reuseExistingServer: false,
      env: { PORT: String(port) },
      timeout: 60_000,
    },
    {
      command: 'node tests/stubs/serve-openai-stub.ts',
      url: `http://127.0.0.1:${stubPort}/health`,
      reuseExistingServer: false,
      env: { STUB_PORT: String(stubPort) },
      timeout: 30_000,
    },
    {
      command: 'node tests/stubs/serve-model-hub-stub.ts',
      url: `http://127.0.0.1:${modelHubPort}/health`,
      reuseExistingServer: false,
      env: { MODEL_HUB_PORT: String(modelHubPort) },
      timeout: 30_000,
    },
    {
      command: 'node server/main.ts',
      url: `http://127.0.0.1:${apiPort}/auth/v1/health`,
      reuseExistingServer: false,
      // Every signed-in test signs up a real account from 127.0.0.1.
      env: {
        API_PORT: String(apiPort),
        DATA_DIR: dataDir,
        RATE_LIMIT_PER_IP: '100000',
        MURMUR_TEST_CHECKOUT: 'enabled',
        OPENAI_API_KEY: 'sk-murmur-e2e-stub-key',
        OPENAI_BASE_URL: `http://127.0.0.1:${stubPort}`,
      },
      timeout: 60_000,
    },
  ],
});
