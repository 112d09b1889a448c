import type { Metric } from '../tests/bench/benchmark.ts';
import { verdict } from '../tests/bench/verdict.ts';

export interface TableRow {
  benchmark: string;
  metric: Metric;
}

const HEADINGS = ['Benchmark', 'Metric', 'Median', 'p95', 'Runs', 'Target', 'Verdict'];

function budget(metric: Metric): string | undefined {
  if (!metric.target) return undefined;
  const { on, comparison, value } = metric.target;
  return `${on === 'p95' ? 'p95 ' : ''}${comparison === 'at-most' ? '≤' : '≥'} ${figure(metric, value)}`;
}

function figure(metric: Metric, value: number): string {
  return `${value.toLocaleString('en-US')} ${metric.unit}`;
}

function cells({ benchmark, metric }: TableRow, target: string): string[] {
  return [
    benchmark,
    metric.name,
    figure(metric, metric.median),
    figure(metric, metric.p95),
    String(metric.runs),
    target,
    verdict(metric),
  ];
}

/** The terminal's Target cell: the budget and why it is what it is. */
function fullTarget(metric: Metric): string {
  const limit = budget(metric);
  return limit && metric.note ? `${limit}: ${metric.note}` : (limit ?? metric.note ?? '—');
}

/**
 * The results as Markdown, for docs/performance.md: a table per benchmark, each budget's reason a
 * numbered note under its table rather than a cell, because the formatter pads every row of a column
 * to its longest cell.
 */
export function markdownTable(rows: TableRow[]): string {
  const benchmarks = [...new Set(rows.map((row) => row.benchmark))];
  return benchmarks
    .map((benchmark) =>
      benchmarkSection(
        benchmark,
        rows.filter((row) => row.benchmark === benchmark),
      ),
    )
    .join('\n\n');
}

function benchmarkSection(benchmark: string, rows: TableRow[]): string {
  if (rows.every((row) => row.metric.compare)) return comparisonSection(benchmark, rows);
  const notes: string[] = [];
  const body = rows.map((row) => {
    const limit = budget(row.metric) ?? '—';
    const { note } = row.metric;
    if (!note) return cells(row, limit).slice(1);
    // Rows that say the same thing share one note.
    if (!notes.includes(note)) notes.push(note);
    return cells(row, `${limit} (${notes.indexOf(note) + 1})`).slice(1);
  });
  return section(benchmark, HEADINGS.slice(1), body, notes);
}

function section(benchmark: string, headings: string[], body: string[][], notes: string[]): string {
  const table = [headings, headings.map(() => '---'), ...body]
    .map((line) => `| ${line.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`)
    .join('\n');
  const noteList = notes.map((note, index) => `${index + 1}. ${note}`).join('\n');
  return [`### ${benchmark}`, table, ...(notes.length > 0 ? [noteList] : [])].join('\n\n');
}

/**
 * Systems side by side: a row per scenario, a column per system or ratio, each cell its median and p95
 * with its note's number; the row's budgets and their verdicts at the end.
 */
function comparisonSection(benchmark: string, rows: TableRow[]): string {
  const placed = rows.map(({ metric }) => ({
    metric,
    compare: metric.compare ?? { scenario: '', column: '' },
  }));
  const columns = [...new Set(placed.map(({ compare }) => compare.column))];
  const scenarios = [...new Set(placed.map(({ compare }) => compare.scenario))];
  const notes: string[] = [];
  const noteRef = (note: string | undefined) => {
    if (!note) return '';
    if (!notes.includes(note)) notes.push(note);
    return ` (${String(notes.indexOf(note) + 1)})`;
  };
  const body = scenarios.map((scenario) => {
    const inRow = placed.filter((entry) => entry.compare.scenario === scenario).map(({ metric }) => metric);
    const cellsOfRow = columns.map((column) => {
      const metric = inRow.find((candidate) => candidate.compare?.column === column);
      if (!metric) return '—';
      const spread = metric.runs > 1 ? `, p95 ${metric.p95.toLocaleString('en-US')}` : '';
      return `${figure(metric, metric.median)}${spread}${noteRef(metric.note)}`;
    });
    const judged = inRow.filter((metric) => metric.target);
    const targets = [...new Set(judged.map((metric) => budget(metric) ?? ''))];
    return [
      scenario,
      ...cellsOfRow,
      String(Math.max(...inRow.map((metric) => metric.runs))),
      targets.join(', ') || '—',
      judged.map((metric) => verdict(metric)).join(', ') || '—',
    ];
  });
  return section(benchmark, ['Scenario', ...columns, 'Runs', 'Target', 'Verdict'], body, notes);
}

/** The same table padded into columns for a terminal. */
export function textTable(rows: TableRow[]): string {
  const lines = [HEADINGS, ...rows.map((row) => cells(row, fullTarget(row.metric)))];
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
