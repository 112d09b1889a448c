import type { Metric } from './benchmark.ts';

/**
 * Median and p95 of repeated samples. Single runs on a shared VM are noisy; the median is the typical
 * figure and p95 the bad-but-not-freak one. p95 uses the nearest-rank method, so with fewer than 20
 * runs it is the slowest run.
 */
export function summarize(samples: readonly number[]): { median: number; p95: number; runs: number } {
  if (samples.length === 0) throw new Error('summarize: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (index: number) => sorted[Math.min(Math.max(index, 0), sorted.length - 1)] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
  return { median, p95: at(Math.ceil(0.95 * sorted.length) - 1), runs: sorted.length };
}

/** A time figure from samples in ms: median and p95 rounded to whole ms, with its budget if any. */
export function msFigure(name: string, samples: readonly number[], target?: number, note?: string): Metric {
  const { median, p95, runs } = summarize(samples);
  return {
    name,
    unit: 'ms',
    median: Math.round(median),
    p95: Math.round(p95),
    runs,
    ...(target === undefined ? {} : { target: { comparison: 'at-most' as const, value: target } }),
    ...(note === undefined ? {} : { note }),
  };
}

/**
 * A budget stated as a multiple of a floor measured in the same run (the issues' budgets are ratios, so
 * a slower or busier machine moves figure and floor together): median over the floor's median, and p95
 * over the floor's p95, to two decimals.
 */
export function ratioFigure(
  name: string,
  samples: readonly number[],
  floorSamples: readonly number[],
  target: number,
  note: string,
): Metric {
  const figure = summarize(samples);
  const floor = summarize(floorSamples);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    name,
    unit: '× floor',
    median: ratio(figure.median, floor.median),
    p95: ratio(figure.p95, floor.p95),
    runs: Math.min(figure.runs, floor.runs),
    target: { comparison: 'at-most', value: target },
    note,
  };
}
