import type { Metric } from '../tests/bench/benchmark.ts';
import { verdict } from '../tests/bench/verdict.ts';

export interface TableRow {
  benchmark: string;
  metric: Metric;
}

const HEADINGS = ['Benchmark', 'Metric', 'Median', 'p95', 'Runs', 'Target', 'Verdict'];

function cells({ benchmark, metric }: TableRow): string[] {
  const figure = (value: number) => `${value.toLocaleString('en-US')} ${metric.unit}`;
  const budget = metric.target
    ? `${metric.target.on === 'p95' ? 'p95 ' : ''}${metric.target.comparison === 'at-most' ? '≤' : '≥'} ${figure(metric.target.value)}`
    : undefined;
  const target = budget && metric.note ? `${budget}: ${metric.note}` : (budget ?? metric.note ?? '—');
  return [
    benchmark,
    metric.name,
    figure(metric.median),
    figure(metric.p95),
    String(metric.runs),
    target,
    verdict(metric),
  ];
}

/** The results as a Markdown table, for docs/performance.md. */
export function markdownTable(rows: TableRow[]): string {
  const lines = [HEADINGS, HEADINGS.map(() => '---'), ...rows.map(cells)];
  return lines.map((line) => `| ${line.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`).join('\n');
}

/** The same table padded into columns for a terminal. */
export function textTable(rows: TableRow[]): string {
  const lines = [HEADINGS, ...rows.map(cells)];
  const widths = HEADINGS.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    format(HEADINGS),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...lines.slice(1).map(format),
  ].join('\n');
}
