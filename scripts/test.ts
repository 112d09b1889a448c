import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * `npm test`: typecheck (tsc), the Edge Functions' `deno check`, lint, unused files, exports and dependencies
 * (knip), unit and integration tests (Vitest), then end-to-end tests (Playwright on Chromium). Every stage runs
 * even if an earlier one failed, so one run shows every problem; the last line sums the tests.
 */
interface Stage {
  name: string;
  command: string;
  args: string[];
}

const stages: Stage[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck:tsc'] },
  { name: 'edge functions: deno check', command: 'npm', args: ['run', '--silent', 'typecheck:functions'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'unused files, exports and dependencies: knip', command: 'npm', args: ['run', '--silent', 'knip'] },
  {
    name: 'unit and integration',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/unit.json'],
  },
  { name: 'end-to-end', command: 'npm', args: ['run', '--silent', 'test:e2e'] },
];

// Reports from an earlier run must never be counted as this run's.
rmSync('reports', { recursive: true, force: true });

const failed: string[] = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const result = spawnSync(stage.command, stage.args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failed.push(stage.name);
  console.log(`=== ${stage.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s ===`);
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults?: {
    name: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function readVitestReport(): VitestReport | null {
  if (!existsSync('reports/unit.json')) return null;
  return JSON.parse(readFileSync('reports/unit.json', 'utf8')) as VitestReport;
}

function vitestCounts(report: VitestReport | null): Counts {
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests };
}

/**
 * The failed unit tests with the first lines of their messages. CI keeps only the end of a long log,
 * where Vitest's own failure report (printed before the end-to-end stage) is long gone.
 */
function vitestFailures(report: VitestReport | null): string[] {
  const lines: string[] = [];
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = (test.failureMessages?.[0] ?? '').split('\n').slice(0, 6).join('\n    ');
      lines.push(`  ${relative(process.cwd(), file.name)} › ${test.fullName}\n    ${message}`);
    }
  }
  return lines;
}

function playwrightCounts(): Counts {
  if (!existsSync('reports/e2e.json')) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync('reports/e2e.json', 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

const unitReport = readVitestReport();
const unit = vitestCounts(unitReport);
const e2e = playwrightCounts();
const total = {
  passed: unit.passed + e2e.passed,
  failed: unit.failed + e2e.failed,
  skipped: unit.skipped + e2e.skipped,
};
const stageFailures = failed.length;
console.log(`\nunit: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`e2e: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`);
const unitFailures = vitestFailures(unitReport);
if (unitFailures.length > 0) console.log(`\nFailed unit and integration tests:\n${unitFailures.join('\n')}`);
if (stageFailures > 0) console.log(`Failed stages: ${failed.join(', ')}`);
console.log(
  `total: ${total.passed} passed, ${total.failed + (total.failed === 0 ? stageFailures : 0)} failed, ${total.skipped} skipped`,
);
process.exit(stageFailures > 0 ? 1 : 0);
