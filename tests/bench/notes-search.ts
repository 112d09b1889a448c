import { chromium } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium-path.ts';
import type { Stored } from '../../src/db/entities/common.ts';
import type { Note } from '../../src/db/entities/note.ts';
import { formatHlc } from '../../src/db/hlc.ts';
import { NoteSearchIndex } from '../../src/features/notes/note-search-index.ts';
import { createPrng } from '../../src/testing/sync/prng.ts';
import type { Benchmark, Metric } from './benchmark.ts';
import { bundleForPage } from './support/bundle-for-page.ts';
import { summarize } from './summarize.ts';

const NOTE_COUNT = 10_000;
const MIN_RUNS = 7;
const WORDS = [
  'café',
  'crème',
  'brûlée',
  'straße',
  'garden',
  'meeting',
  'groceries',
  'travel',
  'lisbon',
  'dream',
  'morning',
  'walk',
  'book',
  'idea',
  'project',
  'deadline',
  'recipe',
  'tomato',
  'basil',
  'über',
  'naïve',
  'résumé',
  'piano',
  'lesson',
  'weekend',
  'family',
  'doctor',
  'budget',
  'holiday',
  '東京',
];
const TAGS = ['work', 'home', 'travel', 'health', 'ideas', 'reading', 'family', 'money'];
/** What someone types, one keystroke at a time, plus whole-word and multi-word queries. */
const QUERIES = [
  'c',
  'ca',
  'caf',
  'cafe',
  'g',
  'ga',
  'gar',
  'garden',
  'r',
  're',
  'res',
  'resume',
  'strasse',
  'uber',
  'naive',
  'lisbon walk',
  'tomato basil',
  'pro',
  'proj',
  'zzz',
  '東京',
  'dead',
  'deadline budget',
];

/** 10,000 notes with 20–200-word bodies, accents, tags, some pinned and locked: a heavy user's notes. */
function seedNotes(seed: number): Stored<Note>[] {
  const prng = createPrng(seed);
  const node = 'a'.repeat(32);
  return Array.from({ length: NOTE_COUNT }, (_, index) => {
    const words = (count: number) => Array.from({ length: count }, () => prng.pick(WORDS)).join(' ');
    const hlc = formatHlc({ ms: 1_760_000_000_000 + prng.int(0, 3e10), counter: 0, node });
    return {
      id: `note-${index}`,
      title: words(prng.int(1, 5)),
      body: words(prng.int(20, 200)),
      font: 'Abril Fatface',
      color: '#FFF7D1',
      font_size: 20,
      pinned: prng.chance(0.02),
      locked: prng.chance(0.05),
      tags: prng.chance(0.5) ? [prng.pick(TAGS)] : [],
      created_at: '2026-01-01T00:00:00.000Z',
      deleted_at: null,
      _sync: { version: 0, hlc: { title: hlc, body: hlc } },
    };
  });
}

function time(task: () => unknown): number {
  const start = performance.now();
  task();
  return performance.now() - start;
}

/** CPU slowdown for the page figures, as the budget is set. */
const PAGE_RATE = 4;

/**
 * The same index, built from Murmur's own module, in a blank Chromium page at 4× CPU: the budget's
 * setting. The notes filter runs it in a worker, which Chromium cannot slow down (DevTools' CPU
 * throttling is for pages only), so the page stands in for the worker; reading the notes, the worker's
 * messages and the list's render are the notes-list benchmark's keystroke figure.
 */
async function timeInPage(
  notes: readonly Stored<Note>[],
  runs: number,
): Promise<{ cold: number[]; keystroke: number[] }> {
  const code = await bundleForPage('src/features/notes/note-search-index.ts', 'MurmurNoteSearch');
  const executablePath = findChromium();
  if (!executablePath) throw new Error('notes-search: no Chromium found (set CHROMIUM_PATH)');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.addScriptTag({ content: code });
    await page.evaluate((rows) => {
      (globalThis as unknown as { benchNotes: unknown }).benchNotes = rows;
    }, notes);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PAGE_RATE });
    return await page.evaluate(
      ({ queries, runCount }) => {
        type Index = { search(query: string): number[] };
        const scope = globalThis as unknown as {
          benchNotes: { id: string }[];
          MurmurNoteSearch: { NoteSearchIndex: new (notes: unknown[]) => Index };
        };
        const cold: number[] = [];
        const keystroke: number[] = [];
        for (let run = 0; run < runCount; run += 1) {
          // Fresh ids each run, so every note is folded again, as after a change.
          const notes = scope.benchNotes.map((note) => ({ ...note, id: `${note.id}-${run}` }));
          let start = performance.now();
          const index = new scope.MurmurNoteSearch.NoteSearchIndex(notes);
          index.search('cafe');
          cold.push(performance.now() - start);
          for (const query of queries) {
            start = performance.now();
            index.search(query);
            keystroke.push(performance.now() - start);
          }
        }
        return { cold, keystroke };
      },
      { queries: QUERIES, runCount: runs },
    );
  } finally {
    await browser.close();
  }
}

const figure = (name: string, samples: number[], extra: Partial<Metric> = {}): Metric => {
  const { median, p95, runs } = summarize(samples);
  const round = (value: number) => Math.round(value * 100) / 100;
  return { name, unit: 'ms', median: round(median), p95: round(p95), runs, ...extra };
};

/**
 * The notes filter's search on 10,000 notes: its `NoteSearchIndex`, as the notes filter worker runs it
 * (docs/adr/0098), in Node on one core and in a Chromium page at 4× CPU; cold (a changed list, so every
 * note is folded and indexed) and per keystroke. Reading the notes from IndexedDB, the worker's messages and
 * rendering are not included: the notes-list benchmark measures a keystroke in the page.
 */
export const notesSearch: Benchmark = {
  name: 'notes-search',
  description:
    "Search 10,000 notes in memory with the notes filter worker's index (Node at 1×, Chromium at 4× CPU)",
  async run({ runs, log }) {
    const runCount = Math.max(runs, MIN_RUNS);
    const coldSearch: number[] = [];
    const keystroke: number[] = [];
    for (let run = 0; run < runCount; run += 1) {
      const notes = seedNotes(run + 1);
      let index = new NoteSearchIndex([]);
      coldSearch.push(
        time(() => {
          index = new NoteSearchIndex(notes);
          index.search('cafe');
        }),
      );
      for (const query of QUERIES) keystroke.push(time(() => index.search(query)));
      log(`notes-search: run ${run + 1}/${runCount} done`);
      await Promise.resolve();
    }
    const inPage = await timeInPage(seedNotes(1), runCount);
    log('notes-search: Chromium runs done');
    return {
      metrics: [
        figure('search 10k notes, first query after a change (folds and indexes every note)', coldSearch),
        figure('search 10k notes, per keystroke', keystroke, {
          note: 'Node, 1× CPU; the budget is judged at 4× in Chromium, below',
        }),
        figure(`search 10k notes, first query after a change, Chromium page, ${PAGE_RATE}× CPU`, inPage.cold),
        figure(`search 10k notes, per keystroke, Chromium page, ${PAGE_RATE}× CPU`, inPage.keystroke, {
          target: { comparison: 'at-most', value: 10, on: 'p95' },
          note: 'issue 6 budget: search p95 ≤ 10 ms at 4× CPU (the search itself; notes-list has keystroke to painted list)',
        }),
      ],
      details: { notes: NOTE_COUNT, queries: QUERIES },
    };
  },
};
