import { mergeText } from '../../src/db/merge/merge-text.ts';
import type { Benchmark, Metric } from './benchmark.ts';
import { summarize } from './summarize.ts';

const NOTE_BYTES = 100_000;
const WORDS = [
  'morning',
  'river',
  'walked',
  'the',
  'a',
  'with',
  'Ana',
  'coffee',
  'rain',
  'window',
  'quiet',
  'train',
  'letter',
  'garden',
  'tired',
  'laughed',
  'after',
  'work',
  'bread',
  'evening',
  'light',
  'on',
  'and',
  'we',
];

/** About 100 KB of prose-like text, deterministic so runs compare. */
function longNote(): string {
  let text = '';
  let seed = 7;
  while (text.length < NOTE_BYTES) {
    seed = (seed * 48_271) % 2_147_483_647;
    const word = WORDS[seed % WORDS.length] ?? 'word';
    text += seed % 11 === 0 ? `${word}.\n` : `${word} `;
  }
  return text;
}

/**
 * The three-way merge an editor's save runs when another device changed the same note meanwhile (sync.md
 * R38), on a 100 KB note: one side edits near the start, the other near the end (clean), or both the
 * same sentence (a conflict), the worst the person waits for at a save.
 */
export const textMerge: Benchmark = {
  name: 'text-merge',
  description: 'three-way merge of a 100 KB note edited on two devices (1× CPU, this thread)',
  async run({ runs, log }) {
    const base = longNote();
    const cases = {
      'edits far apart': [
        `Up early. ${base}`,
        `${base.slice(0, 90_000)}and then a long call ${base.slice(90_000)}`,
      ],
      'edits of one sentence': [
        `${base.slice(0, 50_000)}OURS ${base.slice(50_010)}`,
        `${base.slice(0, 50_000)}THEIRS ${base.slice(50_010)}`,
      ],
    } as const;
    const metrics: Metric[] = [];
    for (const [name, [ours, theirs]] of Object.entries(cases)) {
      mergeText(base, ours, theirs); // warm-up nobody counts
      const samples: number[] = [];
      for (let run = 0; run < Math.max(runs, 10); run += 1) {
        const started = performance.now();
        mergeText(base, ours, theirs);
        samples.push(performance.now() - started);
      }
      const { median, p95, runs: count } = summarize(samples);
      metrics.push({
        name: `merge, ${name}: ${(NOTE_BYTES / 1000).toString()} KB`,
        unit: 'ms',
        median: Math.round(median * 10) / 10,
        p95: Math.round(p95 * 10) / 10,
        runs: count,
        target: { comparison: 'at-most', value: 50 },
      });
      log(`text-merge: ${name} done`);
    }
    await Promise.resolve();
    return { metrics };
  },
};
