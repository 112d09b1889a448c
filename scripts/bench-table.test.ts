// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { Metric } from '../tests/bench/benchmark.ts';
import { markdownTable } from './bench-table.ts';

const sync = (column: string, median: number, p95: number, note: string): Metric => ({
  name: `${column}: initial sync`,
  unit: 'ms',
  median,
  p95,
  runs: 7,
  note,
  compare: { scenario: 'PGlite: initial sync', column },
});

describe('docs/performance.md tables', () => {
  it('set systems side by side: a row per scenario, a column per system, budgets judged at the end', () => {
    const metrics: Metric[] = [
      sync('Murmur', 3417, 3941, 'to up to date'),
      sync('Peer', 5692, 6605, 'to first replication'),
      {
        name: 'Peer over Murmur: initial sync',
        unit: '×',
        median: 1.67,
        p95: 1.68,
        runs: 7,
        target: { comparison: 'at-least', value: 2 },
        compare: { scenario: 'PGlite: initial sync', column: 'Peer over Murmur' },
      },
      {
        name: 'Murmur: conflicts',
        unit: 'of 2 kept',
        median: 2,
        p95: 2,
        runs: 1,
        target: { comparison: 'at-least', value: 2 },
        compare: { scenario: 'PGlite: conflicts', column: 'Murmur' },
      },
    ];
    const table = markdownTable(metrics.map((metric) => ({ benchmark: 'peer', metric })));
    expect(table.split('\n')).toEqual([
      '### peer',
      '',
      '| Scenario | Murmur | Peer | Peer over Murmur | Runs | Target | Verdict |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      '| PGlite: initial sync | 3,417 ms, p95 3,941 (1) | 5,692 ms, p95 6,605 (2) | 1.67 ×, p95 1.68 | 7 | ≥ 2 × | fail |',
      '| PGlite: conflicts | 2 of 2 kept | — | — | 1 | ≥ 2 of 2 kept | pass |',
      '',
      '1. to up to date',
      '2. to first replication',
    ]);
  });

  it('list a benchmark without systems to compare a row per figure, as before', () => {
    const table = markdownTable([
      {
        benchmark: 'bundle-size',
        metric: { name: 'initial JS', unit: 'kB', median: 136, p95: 136, runs: 1 },
      },
    ]);
    expect(table).toContain('| initial JS | 136 kB | 136 kB | 1 | — | — |');
  });
});
