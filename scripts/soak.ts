import { spawnSync } from 'node:child_process';

/**
 * `npm run soak -- --seeds N [--from S] [--ops K] [--push-batch B] [--editors]`: runs the sync simulation
 * (docs/sync.md R36) for N seeds starting at S (default: a seed derived from the time, printed so a
 * failure can be replayed with `SEED=<seed> npx vitest run src/sync/simulation.test.ts`). `--seed S`
 * runs one seed; `--push-batch B` pushes at most B changes per request (SIM_PUSH_BATCH when replaying);
 * `--editors` types titles and bodies into open editors and checks that no typed word is lost
 * (SIM_EDITORS=1 when replaying).
 */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const single = option('seed');
const count = single ? 1 : Number(option('seeds') ?? 20);
const from = Number(single ?? option('from') ?? (Date.now() % 1_000_000) * 1000);
const ops = option('ops') ?? process.env['SIM_OPS'] ?? '300';
const pushBatch = option('push-batch') ?? process.env['SIM_PUSH_BATCH'];
const editors = process.argv.includes('--editors') || process.env['SIM_EDITORS'] === '1';
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isInteger(from) ||
  (pushBatch !== undefined && !(Number(pushBatch) >= 1 && Number(pushBatch) <= 200))
) {
  console.error(
    'usage: npm run soak -- --seeds N [--from S] [--ops K] [--push-batch 1–200] [--editors] | --seed S',
  );
  process.exit(2);
}

console.log(
  `soak: ${count} seed(s) from ${from} to ${from + count - 1}, ${ops} ops each` +
    (pushBatch ? `, push batches of ${pushBatch}` : '') +
    (editors ? ', with open editors' : ''),
);
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', 'src/sync/simulation.test.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    SIM_FROM: String(from),
    SIM_COUNT: String(count),
    SIM_OPS: ops,
    ...(pushBatch ? { SIM_PUSH_BATCH: pushBatch } : {}),
    ...(editors ? { SIM_EDITORS: '1' } : {}),
  },
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `soak: ${result.status === 0 ? 'all seeds passed' : 'FAILED (see the seeds above)'} in ${seconds} s`,
);
process.exit(result.status ?? 1);
