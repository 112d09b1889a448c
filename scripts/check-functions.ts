import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { denoBinary } from '../server/functions/deno-binary.ts';

/**
 * `npm run typecheck:functions`: type-checks every Edge Function (supabase/functions/<name>/index.ts) with
 * `deno check`, the Deno of the `deno` dev dependency (ADR 0130). Deno's own types, and the npm packages the
 * functions import resolved from node_modules exactly as pinned in their `npm:` specifiers; the compiler
 * options are in supabase/functions/deno.json. Nothing is downloaded: a `jsr:` or URL import fails here.
 */
const functionsDir = join('supabase', 'functions');
const entries = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(functionsDir, entry.name, 'index.ts')))
  .map((entry) => join(functionsDir, entry.name, 'index.ts'))
  .sort();
if (entries.length === 0) {
  console.error(`No Edge Functions found in ${functionsDir}`);
  process.exit(1);
}

const args = [
  'check',
  '--config',
  join(functionsDir, 'deno.json'),
  // npm: specifiers from node_modules (npm ci put them there), never fetched; a version that differs
  // from the installed one is an error.
  '--node-modules-dir=manual',
  // Anything else (jsr:, https:) only from Deno's cache, never from the network.
  '--cached-only',
  // package-lock.json is the lock; no deno.lock beside the functions.
  '--no-lock',
  ...entries,
];
const result = spawnSync(denoBinary(), args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    DENO_NO_UPDATE_CHECK: '1',
    ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }),
  },
});
if (result.error) console.error(`deno could not be started: ${result.error.message}`);
if (result.status !== 0) {
  console.error(`deno check failed for the Edge Functions (${entries.length} entries)`);
  process.exit(result.status ?? 1);
}
console.log(`deno check: ${entries.length} Edge Functions type-check`);
