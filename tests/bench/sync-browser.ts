import { randomUUID } from 'node:crypto';

import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium-path.ts';
import { serveDist } from '../../scripts/serve-dist.ts';
import { seedNotes } from '../e2e/support/seed-notes.ts';
import { realSession, SESSION_STORAGE_KEY } from '../e2e/support/session.ts';
import type { Benchmark } from './benchmark.ts';
import { msFigure, summarize } from './summarize.ts';
import { openAppBackend } from './support/app-backend.ts';
import { buildApp } from './support/build-app.ts';
import { pageSignal } from './support/page-signal.ts';
import {
  countRows,
  queueOfflineEdits,
  timeDrainAfterOnline,
  watchSync,
  whenTextShows,
  UP_TO_DATE_SIGNAL,
} from './support/sync-probes.ts';

/** Inside the 4473–4499 range kept for benchmarks; BENCH_SYNC_PORT moves it. */
const PORT = Number(process.env['BENCH_SYNC_PORT'] ?? 4477);
const MIN_RUNS = 5;
const ENTRIES = 10_000;
const EDITS = 1_000;
const HOPS_PER_RUN = 5;

/** A device: its own context (own IndexedDB, no service worker), signed in to the account. */
async function openDevice(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const session = await realSession(email);
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  const page = await context.newPage();
  await watchSync(page);
  return { context, page };
}

/**
 * When the indicator first said "up to date" and has stayed so. Waits for the page's signal first (armed
 * before the load), so the page is not polled while it syncs; polls only if it left "up to date" again.
 */
async function upToDateAt(page: Page, signal: Promise<void>): Promise<number> {
  await signal;
  const handle = await page.waitForFunction(
    () => (window as unknown as { syncProbe: { upToDateAt: number[] } }).syncProbe.upToDateAt[0],
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Issue 4's browser budgets, on the production build and the local backend over loopback:
 * - initial sync: a fresh browser (no IndexedDB) of an account with 10,000 notes on the server, from
 *   navigation start to the sync indicator's first "up to date" with every note stored, and the
 *   main-thread long tasks meanwhile;
 * - drain: 1,000 edits queued offline, from the 'online' event to an empty outbox;
 * - A → B: a check-in saved on one device until it shows on the other (realtime poke, pull, render).
 */
export const syncBrowser: Benchmark = {
  name: 'sync-browser',
  description: 'initial sync of 10,000 notes, drain of 1,000 offline edits and A→B latency in Chromium',
  async run({ runs, log }) {
    const runCount = Math.max(runs, MIN_RUNS);
    const { outDir } = await buildApp();
    const server = await serveDist({ port: PORT, outDir });
    const backend = await openAppBackend(log);
    const executablePath = findChromium();
    if (!executablePath) throw new Error('sync-browser: no Chromium found (set CHROMIUM_PATH)');
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const initial: number[] = [];
    const longest: number[] = [];
    const overBudget: number[] = [];
    const drains: number[] = [];
    const hops: number[] = [];
    const base = `http://127.0.0.1:${PORT}`;
    try {
      const owner = await realSession();
      const email = owner.user.email ?? '';
      await seedNotes(backend.url, owner, ENTRIES);
      log(`sync-browser: ${ENTRIES} notes on the server`);
      for (let run = 0; run <= runCount; run += 1) {
        const { context, page } = await openDevice(browser, email);
        const upToDate = pageSignal(page, UP_TO_DATE_SIGNAL);
        await page.goto(`${base}/notes`);
        const at = await upToDateAt(page, upToDate);
        const stored = await countRows(page, owner.user.id, 'notes');
        if (stored < ENTRIES) throw new Error(`sync-browser: up to date with ${stored} of ${ENTRIES} notes`);
        const tasks = await page.evaluate(
          () => (window as unknown as { syncProbe: { longTasks: number[] } }).syncProbe.longTasks,
        );

        await context.setOffline(true);
        await page.locator('aside[data-state="offline"]').waitFor();
        if ((await queueOfflineEdits(page, owner.user.id, EDITS)) !== EDITS)
          throw new Error('sync-browser: could not queue the edits');
        const drained = timeDrainAfterOnline(page, owner.user.id);
        await context.setOffline(false);
        const drainMs = await drained;
        await context.close();
        // The first run fills the OS and HTTP caches; nobody counts it.
        if (run === 0) continue;
        initial.push(at);
        longest.push(Math.max(0, ...tasks));
        overBudget.push(tasks.filter((duration) => duration > 50).length);
        drains.push((EDITS / drainMs) * 1000);
        log(
          `sync-browser: run ${run}/${runCount}: initial ${Math.round(at)} ms, drain ${Math.round(drainMs)} ms`,
        );
      }

      // A → B on a second account with a short journal, both devices on /mood.
      const pairEmail = (await realSession()).user.email ?? '';
      const a = await openDevice(browser, pairEmail);
      const b = await openDevice(browser, pairEmail);
      const bUpToDate = pageSignal(b.page, UP_TO_DATE_SIGNAL);
      await b.page.goto(`${base}/mood`);
      await upToDateAt(b.page, bUpToDate);
      for (let hop = 0; hop <= runCount * HOPS_PER_RUN; hop += 1) {
        const note = `hop ${hop} ${randomUUID().slice(0, 8)}`;
        await a.page.goto(`${base}/mood/entry`);
        await a.page.getByRole('radio', { name: 'Good' }).check({ force: true });
        await a.page.getByLabel('Note').fill(note);
        const shown = whenTextShows(b.page, note);
        const savedAt = await a.page.evaluate(() => {
          const save = [...document.querySelectorAll('button')].find(
            (button) => button.textContent?.trim() === 'Save check-in',
          );
          if (!save) throw new Error('no save button');
          const at = performance.timeOrigin + performance.now();
          save.click();
          return at;
        });
        const latency = (await shown) - savedAt;
        if (hop > 0) hops.push(latency);
      }
      await a.context.close();
      await b.context.close();
    } finally {
      await browser.close();
      await server.close();
      await backend.close();
    }
    const ms = msFigure;
    const drain = summarize(drains);
    const tasksOver = summarize(overBudget);
    return {
      metrics: [
        ms('initial sync, 10,000 notes, fresh browser, to up to date', initial, 1500),
        ms('longest main-thread task during the initial sync', longest, 50),
        {
          name: 'main-thread tasks over 50 ms during the initial sync',
          unit: 'tasks',
          median: tasksOver.median,
          p95: tasksOver.p95,
          runs: tasksOver.runs,
          target: { comparison: 'at-most', value: 0 },
        },
        {
          name: 'drain of 1,000 offline edits, online to empty outbox',
          unit: 'changes/s',
          median: Math.round(drain.median),
          p95: Math.round(Math.min(...drains)),
          runs: drain.runs,
          target: { comparison: 'at-least', value: 1000 },
          note: 'p95 column: slowest run',
        },
        ms('device A → device B, check-in saved to shown', hops, 100, 'median is the budget'),
      ],
      details: { initial, longest, overBudget, drains, hops },
    };
  },
};
