import { spawnSync } from 'node:child_process';

import { e2eEnvironment } from './e2e-environment.ts';

/**
 * `npm run test:e2e [-- playwright arguments]`: makes sure Chromium is there, builds the app for the
 * suite's own servers (scripts/e2e-environment.ts) and runs Playwright, which starts those servers.
 */
const env = { ...process.env, ...e2eEnvironment(process.env) };

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['scripts/ensure-chromium.ts']);
run('npx', ['vite', 'build']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
