import { chromium, type BrowserContext } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium-path.ts';
import { serveDist } from '../../scripts/serve-dist.ts';
import { signInBeforeLoad } from '../e2e/support/session.ts';
import type { Benchmark, Metric } from './benchmark.ts';
import { summarize } from './summarize.ts';
import { openAppBackend } from './support/app-backend.ts';
import { buildApp } from './support/build-app.ts';

/** Inside the 4473–4499 range kept for benchmarks; BENCH_NOTES_PORT moves it. */
const PORT = Number(process.env['BENCH_NOTES_PORT'] ?? 4475);
const MIN_RUNS = 5;
const NOTE_COUNT = 10_000;
/** Set by the notes list when its first cards are on screen (src/features/notes/virtual-note-list.tsx). */
const LIST_MARK = 'murmur:notes-list';
const slowdowns = [1, 4] as const;

/**
 * Writes 10,000 notes straight into the signed-in user's IndexedDB, in the stored shape the app reads
 * (a fixture: the app itself only writes through its commands). Runs in the page, after the app has
 * created the database. Returns the email of the account it signed up, for the measured loads.
 */
async function seedNotes(context: BrowserContext, base: string): Promise<string> {
  const page = await context.newPage();
  const session = await signInBeforeLoad(page);
  await page.goto(`${base}/notes`);
  await page.getByRole('heading', { name: 'No notes yet' }).waitFor({ timeout: 60_000 });
  const userId = session.user.id;
  await page.evaluate(
    async ({ userId, count }) => {
      const words = [
        'café',
        'garden',
        'meeting',
        'groceries',
        'travel',
        'lisbon',
        'dream',
        'morning',
        'walk',
      ];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(`murmur-user-${userId}`);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('notes', 'readwrite');
        const store = tx.objectStore('notes');
        for (let i = 0; i < count; i += 1) {
          const text = (n: number) =>
            Array.from({ length: n }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' ');
          const hlc = `${String(1_760_000_000_000 + i * 1000).padStart(15, '0')}-000000-${'a'.repeat(32)}`;
          store.put({
            id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
            title: text(3),
            body: text(60),
            font: 'Abril Fatface',
            color: '#FFF7D1',
            font_size: 20,
            pinned: i % 100 === 0,
            locked: i % 20 === 0,
            tags: i % 2 === 0 ? ['travel'] : [],
            created_at: new Date(1_760_000_000_000 + i * 1000).toISOString(),
            deleted_at: null,
            _sync: { version: 0, hlc: { title: hlc, body: hlc } },
          });
        }
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { userId, count: NOTE_COUNT },
  );
  await page.close();
  return session.user.email ?? '';
}

/**
 * /notes with 10,000 notes stored: navigation start to the first cards on screen, and the time the
 * search box takes to filter the list to a typed word, at 1× and 4× CPU. The HTTP cache is warm (the
 * seeding load fetched the app), so the figure is the app's own work: open the database, read and order
 * the notes, mount the virtual list.
 */
export const notesList: Benchmark = {
  name: 'notes-list',
  description: '/notes with 10,000 stored notes: first cards painted, and search filtering, in Chromium',
  async run({ runs, log }) {
    const runCount = Math.max(runs, MIN_RUNS);
    const { outDir } = await buildApp();
    log('notes-list: app built');
    const server = await serveDist({ port: PORT, outDir });
    const backend = await openAppBackend(log);
    const executablePath = findChromium();
    if (!executablePath) throw new Error('notes-list: no Chromium found (set CHROMIUM_PATH)');
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const listShown = new Map<number, number[]>();
    const searched = new Map<number, number[]>();
    try {
      const base = `http://127.0.0.1:${PORT}`;
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const email = await seedNotes(context, base);
      log(`notes-list: ${NOTE_COUNT} notes stored`);
      for (let run = 1; run <= runCount; run += 1) {
        for (const rate of slowdowns) {
          const page = await context.newPage();
          await signInBeforeLoad(page, email);
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate });
          await page.goto(`${base}/notes`);
          await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, LIST_MARK, {
            timeout: 120_000,
          });
          const shownAt = await page.evaluate(
            (mark) => performance.getEntriesByName(mark)[0]?.startTime ?? NaN,
            LIST_MARK,
          );
          listShown.set(rate, [...(listShown.get(rate) ?? []), shownAt]);
          // Typing a word: from the input event to the filtered list on screen (next animation frame).
          const searchMs = await page.evaluate(async () => {
            const box = document.querySelector<HTMLInputElement>('#notes-search');
            if (!box) throw new Error('no search box');
            const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
            const start = performance.now();
            setter?.call(box, 'lisbon walk');
            box.dispatchEvent(new Event('input', { bubbles: true }));
            await new Promise<void>((resolve, reject) => {
              const check = () => {
                const statuses = [...document.querySelectorAll('[role="status"]')];
                if (statuses.some((status) => status.textContent?.includes('match'))) resolve();
                else if (performance.now() - start > 60_000) reject(new Error('the list never filtered'));
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            });
            return performance.now() - start;
          });
          searched.set(rate, [...(searched.get(rate) ?? []), searchMs]);
          await page.close();
        }
        log(`notes-list: run ${run}/${runCount} done`);
      }
      await context.close();
    } finally {
      await browser.close();
      await server.close();
      await backend.close();
    }
    const metrics: Metric[] = [];
    const round = (value: number) => Math.round(value);
    for (const rate of slowdowns) {
      const shown = summarize(listShown.get(rate) ?? []);
      metrics.push({
        name: `first notes painted, 10k notes, ${rate}× CPU`,
        unit: 'ms',
        median: round(shown.median),
        p95: round(shown.p95),
        runs: shown.runs,
        ...(rate === 4 ? { target: { comparison: 'at-most' as const, value: 300 } } : {}),
      });
      const search = summarize(searched.get(rate) ?? []);
      metrics.push({
        name: `search to filtered list, 10k notes, ${rate}× CPU (includes the first fold)`,
        unit: 'ms',
        median: round(search.median),
        p95: round(search.p95),
        runs: search.runs,
      });
    }
    return { metrics, details: { notes: NOTE_COUNT, port: PORT } };
  },
};
