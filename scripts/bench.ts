import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import type { Metric } from '../tests/bench/benchmark.ts';
import { registry } from '../tests/bench/registry.ts';
import { madeBuild } from '../tests/bench/support/build-app.ts';
import { verdict } from '../tests/bench/verdict.ts';
import { updateDocs } from './bench-docs.ts';
import { benchMachine, type Machine } from './bench-machine.ts';
import { markdownTable, textTable, type TableRow } from './bench-table.ts';

const RESULTS_DIR = 'bench-results';
const DOCS_PATH = 'docs/performance.md';

interface ResultFile {
  benchmark: string;
  description: string;
  machine: Machine;
  durationMs: number;
  metrics: (Metric & { verdict: string })[];
  details?: Record<string, unknown>;
}

const usage = `Usage: npm run bench -- [--only NAME[,NAME…]] [--runs N]
  --only   run the benchmarks whose name contains NAME (${registry.map((b) => b.name).join(', ')})
  --runs   repetitions for sampling benchmarks (default 7)`;

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    runs: { type: 'string', default: '7' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${values.runs}`);
const wanted = (values.only ?? []).flatMap((value) => value.split(',')).filter(Boolean);
const selected = registry.filter(
  (benchmark) => wanted.length === 0 || wanted.some((w) => benchmark.name.includes(w)),
);
if (selected.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}.\n${usage}`);
  process.exit(1);
}

const machine = benchMachine();
const started = performance.now();
console.info(
  `Murmur bench: ${selected.map((b) => b.name).join(', ')}; ${runs} runs; ${machine.cpu} × ${machine.cores}; load average ${machine.loadAverage}`,
);
mkdirSync(RESULTS_DIR, { recursive: true });
const fresh: TableRow[] = [];
try {
  for (const benchmark of selected) {
    const benchStarted = performance.now();
    const result = await benchmark.run({ runs, log: (message) => console.info(`  ${message}`) });
    const file: ResultFile = {
      benchmark: benchmark.name,
      description: benchmark.description,
      machine,
      durationMs: Math.round(performance.now() - benchStarted),
      metrics: result.metrics.map((metric) => ({ ...metric, verdict: verdict(metric) })),
      ...(result.details ? { details: result.details } : {}),
    };
    writeFileSync(join(RESULTS_DIR, `${benchmark.name}.json`), `${JSON.stringify(file, null, 2)}\n`);
    fresh.push(...result.metrics.map((metric) => ({ benchmark: benchmark.name, metric })));
  }
} finally {
  // The shared build lives in a temporary directory; only remove it if this run made one.
  // Asking buildApp() here would build the app just to delete it when no selected benchmark needed one.
  const made = await madeBuild()?.catch(() => undefined);
  if (made) rmSync(made.outDir, { recursive: true, force: true });
}

console.log(`\n${textTable(fresh)}\n`);

// The docs table shows every stored result, so `--only` refreshes its rows and keeps the others.
const order = registry.map((benchmark) => benchmark.name);
const stored = readdirSync(RESULTS_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(RESULTS_DIR, name), 'utf8')) as ResultFile)
  .sort((a, b) => (order.indexOf(a.benchmark) >>> 0) - (order.indexOf(b.benchmark) >>> 0));
const provenance = stored.map(
  ({ benchmark, machine: m, durationMs }) =>
    `- \`${benchmark}\`: ${m.date.slice(0, 16).replace('T', ' ')} UTC, commit ${m.gitSha}, ${m.cpu} (${m.cores} cores, ${m.memoryGb} GB, load average ${m.loadAverage} at the start), Node ${m.node}, ${m.chromium}; took ${Math.round(durationMs / 1000)} s`,
);
const rows = stored.flatMap(({ benchmark, metrics }) => metrics.map((metric) => ({ benchmark, metric })));
await updateDocs(DOCS_PATH, `${markdownTable(rows)}\n\n${provenance.join('\n')}`);
console.info(
  `Wrote ${RESULTS_DIR}/*.json and ${DOCS_PATH} in ${Math.round((performance.now() - started) / 1000)} s.`,
);
