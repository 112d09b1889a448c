import type { Metric } from './benchmark.ts';

/**
 * pass/fail against the metric's target, judged on the median unless the budget names the p95; no
 * target means nothing to judge.
 */
export function verdict(metric: Metric): 'pass' | 'fail' | '—' {
  if (!metric.target) return '—';
  const { comparison, value, on = 'median' } = metric.target;
  const figure = on === 'p95' ? metric.p95 : metric.median;
  const ok = comparison === 'at-most' ? figure <= value : figure >= value;
  return ok ? 'pass' : 'fail';
}
