/**
 * The shape every benchmark in tests/bench exports, so scripts/bench.ts can run, filter, store and
 * tabulate them without knowing what they measure. Adding a benchmark is one file plus one line in
 * registry.ts.
 */

/** A budget. `at-most` for times and sizes, `at-least` for rates such as changes per second. */
interface Target {
  comparison: 'at-most' | 'at-least';
  value: number;
  /** The figure the budget names; the median unless it says p95. */
  on?: 'median' | 'p95';
}

/** One figure. A one-shot measurement (a size) has median = p95 and runs = 1. */
export interface Metric {
  name: string;
  unit: string;
  median: number;
  p95: number;
  runs: number;
  target?: Target;
  /** Context a reader needs to weigh the figure, e.g. a published anchor. */
  note?: string;
  /**
   * Where a benchmark sets systems side by side: the scenario (its row in docs/performance.md) and the
   * system, or the ratio of two, measured in it (its column).
   */
  compare?: { scenario: string; column: string };
}

interface BenchContext {
  /** Repetitions for benchmarks that sample; each benchmark has its own sensible minimum. */
  runs: number;
  log: (message: string) => void;
}

interface BenchResult {
  metrics: Metric[];
  /** Anything that helps explain the metrics (chunk lists, raw samples); stored in the JSON only. */
  details?: Record<string, unknown>;
}

export interface Benchmark {
  /** File name in bench-results/ and the key for --only. */
  name: string;
  description: string;
  run: (context: BenchContext) => Promise<BenchResult>;
}
