import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import { findChromium } from '../../scripts/chromium-path.ts';
import { serveDist } from '../../scripts/serve-dist.ts';
import { seedNotes } from '../e2e/support/seed-notes.ts';
import { realSession, SESSION_STORAGE_KEY } from '../e2e/support/session.ts';
import type { Benchmark } from './benchmark.ts';
import { msFigure, ratioFigure, summarize } from './summarize.ts';
import { openAppBackend } from './support/app-backend.ts';
import { callExpression, openBareDevice } from './support/bare-device.ts';
import { buildApp } from './support/build-app.ts';
import { openDevice } from './support/open-device.ts';
import { markTime, NOTES_LIST_MARK, pageSignal, signalText } from './support/page-signal.ts';
import {
  installSyncProbe,
  queueOfflineEdits,
  storedRows,
  type SyncProbe,
  timeDrainAfterOnline,
  UP_TO_DATE_SIGNAL,
  waitUntilSettled,
} from './support/sync-probes.ts';
import { timeHop } from './support/time-hop.ts';
import { timeInitialSync } from './support/time-initial-sync.ts';
import { timeRawNotePuts } from './support/time-raw-note-puts.ts';
import { upToDateAt } from './support/up-to-date-at.ts';
import { waitUntilUpToDate } from './support/wait-until-up-to-date.ts';

/** Inside the 4473–4499 range kept for benchmarks; BENCH_SYNC_PORT moves it. */
const PORT = Number(process.env['BENCH_SYNC_PORT'] ?? 4477);
const MIN_RUNS = 5;
const ENTRIES = 10_000;
const EDITS = 1_000;
const HOPS_PER_RUN = 5;

/** When the notes list first had cards on screen. */
async function firstCardsAt(page: Page): Promise<number> {
  const at = await markTime(page, NOTES_LIST_MARK);
  if (Number.isNaN(at)) throw new Error('sync-browser: the notes list never showed a card');
  return at;
}

/**
 * The same first sync on a bare device (bare-device.ts): Chromium not driven by Playwright, whose
 * DevTools session lengthens the start's tasks. Its time to "up to date" and its long tasks.
 */
async function timeBareInitialSync(
  url: string,
  email: string,
  userId: string,
): Promise<{ at: number; longTasks: number[] }> {
  const session = await realSession(email);
  const device = await openBareDevice(
    `localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(session))});\n` +
      callExpression(installSyncProbe, signalText(UP_TO_DATE_SIGNAL)),
  );
  try {
    await device.goto(url);
    const probe = 'window.syncProbe';
    const at = await device.evaluate<number>(
      `(async () => { while (!${probe}) await new Promise((r) => setTimeout(r, 50)); await ${probe}.upToDate; return ${probe}.upToDateAt[0]; })()`,
    );
    const longTasks = await device.evaluate<SyncProbe['longTasks']>(`${probe}.longTasks`);
    const stored = await device.evaluate<number>(callExpression(storedRows, [userId, 'notes']));
    if (stored < ENTRIES)
      throw new Error(`sync-browser: bare device up to date with ${stored} of ${ENTRIES} notes`);
    return { at, longTasks };
  } finally {
    await device.close();
  }
}

/**
 * Issue 4's browser budgets, on the production build and the local backend over loopback:
 * - initial sync: a fresh browser (a new profile on disk, no IndexedDB) of an account with 10,000 notes
 *   on the server, from navigation start to the sync indicator's first "up to date" with every note
 *   stored, and the main-thread long tasks meanwhile. Measured both under Playwright and on a bare
 *   device, a Chromium not driven by Playwright (bare-device.ts): the time is held to the budget in
 *   both, the long tasks on the bare device, since Playwright's DevTools session lengthens the start's
 *   module evaluations (ADR 0125). Beside them: the same in an incognito context, landing on home
 *   (/app) as a device does after signing in, and the same notes written by IndexedDB alone
 *   (time-raw-note-puts.ts), the floor under the budget on the machine that runs it;
 * - drain: 1,000 edits queued offline, from the 'online' event to an empty outbox;
 * - A → B: a check-in saved on one device until it shows on the other (realtime poke, pull, render),
 *   with A open and up to date as someone checking in has it; and beside it, saved right after A
 *   loaded the form, its start-up sync still running.
 */
export const syncBrowser: Benchmark = {
  name: 'sync-browser',
  description: 'initial sync of 10,000 notes, drain of 1,000 offline edits and A→B latency in Chromium',
  async run({ runs, log }) {
    const runCount = Math.max(runs, MIN_RUNS);
    const { outDir } = await buildApp();
    const server = await serveDist({ port: PORT, outDir });
    const backend = await openAppBackend(log);
    if (!findChromium()) throw new Error('sync-browser: no Chromium found (set CHROMIUM_PATH)');
    const initial: number[] = [];
    const firstShown: number[] = [];
    const initialInMemory: number[] = [];
    const initialHome: number[] = [];
    const longestHome: number[] = [];
    const longest: number[] = [];
    const initialBare: number[] = [];
    const longestBare: number[] = [];
    const overBudgetBare: number[] = [];
    const rawPuts: number[] = [];
    const overBudget: number[] = [];
    const drains: number[] = [];
    const hops: number[] = [];
    const hopsAfterLoad: number[] = [];
    const base = `http://127.0.0.1:${PORT}`;
    try {
      const owner = await realSession();
      const email = owner.user.email ?? '';
      await seedNotes(backend.url, owner, ENTRIES);
      log(`sync-browser: ${ENTRIES} notes on the server`);
      for (let run = 0; run <= runCount; run += 1) {
        const { context, page, close } = await openDevice(email);
        const at = await timeInitialSync(page, `${base}/notes`, owner.user.id, ENTRIES);
        const tasks = await page.evaluate(
          () => (window as unknown as { syncProbe: { longTasks: number[] } }).syncProbe.longTasks,
        );
        // The same rows written by IndexedDB alone, on the same profile: the floor under the figure above.
        // Read from the notes store once the rows a first sync landed whole have settled into it.
        await waitUntilSettled(page, owner.user.id);
        const shownAt = await firstCardsAt(page);
        const raw = await timeRawNotePuts(page, owner.user.id);
        if (raw.rows < ENTRIES) throw new Error(`sync-browser: ${raw.rows} notes to put, not ${ENTRIES}`);

        await context.setOffline(true);
        await page.locator('aside[data-state="offline"]').waitFor();
        if ((await queueOfflineEdits(page, owner.user.id, EDITS)) !== EDITS)
          throw new Error('sync-browser: could not queue the edits');
        const drained = timeDrainAfterOnline(page, owner.user.id);
        await context.setOffline(false);
        const drainMs = await drained;
        await close();

        const incognito = await openDevice(email, 'memory');
        const inMemoryAt = await timeInitialSync(incognito.page, `${base}/notes`, owner.user.id, ENTRIES);
        await incognito.close();

        const bare = await timeBareInitialSync(`${base}/notes`, email, owner.user.id);

        // Where a fresh device lands after signing in: home, whose streak, today and search read the
        // whole journal as it arrives.
        const home = await openDevice(email);
        const homeAt = await timeInitialSync(home.page, `${base}/app`, owner.user.id, ENTRIES);
        const homeTasks = await home.page.evaluate(
          () => (window as unknown as { syncProbe: { longTasks: number[] } }).syncProbe.longTasks,
        );
        await home.close();
        // The first run fills the OS and HTTP caches; nobody counts it.
        if (run === 0) continue;
        initial.push(at);
        firstShown.push(shownAt);
        rawPuts.push(raw.ms);
        initialInMemory.push(inMemoryAt);
        initialHome.push(homeAt);
        longestHome.push(Math.max(0, ...homeTasks));
        longest.push(Math.max(0, ...tasks));
        overBudget.push(tasks.filter((duration) => duration > 50).length);
        initialBare.push(bare.at);
        longestBare.push(Math.max(0, ...bare.longTasks));
        overBudgetBare.push(bare.longTasks.filter((duration) => duration > 50).length);
        drains.push((EDITS / drainMs) * 1000);
        log(
          `sync-browser: run ${run}/${runCount}: initial ${Math.round(at)} ms ` +
            `(first notes shown at ${Math.round(shownAt)} ms, bare ${Math.round(bare.at)} ms, in memory ${Math.round(inMemoryAt)} ms, on home ${Math.round(homeAt)} ms, ` +
            `IndexedDB alone ${Math.round(raw.ms)} ms), ` +
            `drain ${Math.round(drainMs)} ms`,
        );
      }

      // A → B on a second account with a short journal, both devices on /mood.
      const pairEmail = (await realSession()).user.email ?? '';
      const a = await openDevice(pairEmail);
      const b = await openDevice(pairEmail);
      const bUpToDate = pageSignal(b.page, UP_TO_DATE_SIGNAL);
      await b.page.goto(`${base}/mood`);
      await upToDateAt(b.page, bUpToDate);
      // As a person does: the app open and up to date on A, the check-in form opened from the mood screen.
      const aUpToDate = pageSignal(a.page, UP_TO_DATE_SIGNAL);
      await a.page.goto(`${base}/mood`);
      await upToDateAt(a.page, aUpToDate);
      for (let hop = 0; hop <= runCount * HOPS_PER_RUN; hop += 1) {
        await a.page.getByRole('link', { name: 'Check in', exact: true }).click();
        await waitUntilUpToDate(a.page);
        const latency = await timeHop(a.page, b.page, `hop ${hop} ${randomUUID().slice(0, 8)}`);
        if (hop > 0) hops.push(latency);
        await waitUntilUpToDate(a.page);
      }
      // The same with the form opened by a page load each time, so A's start-up sync is still running.
      for (let hop = 0; hop <= runCount * HOPS_PER_RUN; hop += 1) {
        await a.page.goto(`${base}/mood/entry`);
        const latency = await timeHop(a.page, b.page, `load ${hop} ${randomUUID().slice(0, 8)}`);
        if (hop > 0) hopsAfterLoad.push(latency);
      }
      await a.close();
      await b.close();
    } finally {
      await server.close();
      await backend.close();
    }
    const ms = msFigure;
    const drain = summarize(drains);
    const tasksOver = summarize(overBudget);
    const tasksOverBare = summarize(overBudgetBare);
    const bareNote = 'Chromium over a bare DevTools pipe, only its Page agent on (bare-device.ts, ADR 0125)';
    return {
      metrics: [
        ms(
          'initial sync, 10,000 notes, fresh browser, to up to date',
          initial,
          undefined,
          'the budget is its ratio to the floor, below',
        ),
        ratioFigure(
          'initial sync over the IndexedDB-alone floor, 10,000 notes',
          initial,
          rawPuts,
          2,
          'the same run’s floor: the same rows put by a page with no app code',
        ),
        ms(
          'first notes on screen during the initial sync, 10,000 notes, /notes',
          firstShown,
          1000,
          'the list grows while the sync runs',
        ),
        ms(
          'initial sync, 10,000 notes, incognito (IndexedDB in memory), to up to date',
          initialInMemory,
          undefined,
          'beside the budget: Chromium writes an in-memory IndexedDB several times slower here',
        ),
        ms(
          'initial sync, 10,000 notes, fresh browser landing on home (/app), to up to date',
          initialHome,
          undefined,
          'beside the budget: the screen a fresh device opens after signing in',
        ),
        ms(
          'IndexedDB alone: the same 10,000 notes put into a copy of the notes store, no app code',
          rawPuts,
          undefined,
          "beside the budget: the browser's own floor under the initial sync's writes on this machine",
        ),
        ms(
          'longest main-thread task during the initial sync',
          longest,
          undefined,
          "beside the budget: under Playwright, whose DevTools session lengthens the start's tasks (ADR 0125)",
        ),
        ms(
          'longest main-thread task during the initial sync on home (/app)',
          longestHome,
          undefined,
          'beside the budget',
        ),
        {
          name: 'main-thread tasks over 50 ms during the initial sync',
          unit: 'tasks',
          median: tasksOver.median,
          p95: tasksOver.p95,
          runs: tasksOver.runs,
          note: 'beside the budget: under Playwright (ADR 0125)',
        },
        ms(
          'initial sync, 10,000 notes, fresh browser not driven by Playwright, to up to date',
          initialBare,
          undefined,
          bareNote,
        ),
        ratioFigure(
          'initial sync over the IndexedDB-alone floor, browser not driven by Playwright',
          initialBare,
          rawPuts,
          2,
          bareNote,
        ),
        ms(
          'longest main-thread task during the initial sync, browser not driven by Playwright',
          longestBare,
          50,
          `${bareNote}; 0 ms: no task over 50 ms, the only ones the browser reports`,
        ),
        {
          name: 'main-thread tasks over 50 ms during the initial sync, browser not driven by Playwright',
          unit: 'tasks',
          median: tasksOverBare.median,
          p95: tasksOverBare.p95,
          runs: tasksOverBare.runs,
          target: { comparison: 'at-most', value: 0 },
          note: bareNote,
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
        ms(
          'device A → device B, check-in saved right after A loads the form',
          hopsAfterLoad,
          undefined,
          "beside the budget: A's start-up sync is still running when it saves",
        ),
      ],
      details: {
        initial,
        firstShown,
        initialInMemory,
        initialHome,
        rawPuts,
        longest,
        longestHome,
        overBudget,
        initialBare,
        longestBare,
        overBudgetBare,
        drains,
        hops,
        hopsAfterLoad,
      },
    };
  },
};
