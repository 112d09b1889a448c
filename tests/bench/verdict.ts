import type { Metric } from './benchmark.ts';

/** pass/fail against the metric's target, judged on the median; no target means nothing to judge. */
export function verdict(metric: Metric): 'pass' | 'fail' | '—' {
  if (!metric.target) return '—';
  const { comparison, value } = metric.target;
  const ok = comparison === 'at-most' ? metric.median <= value : metric.median >= value;
  return ok ? 'pass' : 'fail';
}
