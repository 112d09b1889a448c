import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { developmentWarnings } from '../server/config.ts';
import { startBackend } from '../server/start-backend.ts';
import { serveDist } from './serve-dist.ts';

/**
 * `npm start`: build when the build is missing or older than the sources, then serve it beside the local
 * Supabase-compatible backend (server/), which the app uses unless VITE_SUPABASE_URL points elsewhere.
 */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'pwa.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stats.mtimeMs,
  );
}

const env = process.env;
const port = Number(env['PORT'] ?? 4173);
const appUrl = `http://127.0.0.1:${port}`;
// The backend a build talks to is fixed when it is built (VITE_SUPABASE_URL), so the build remembers it
// and is made again for another one: the local backend on API_PORT, or the one VITE_SUPABASE_URL names.
const supabaseUrl = env['VITE_SUPABASE_URL'] || `http://127.0.0.1:${env['API_PORT'] ?? 54321}`;
/** Where the build goes (vite.config.ts reads the same variable). */
const outDir = (env['MURMUR_OUT_DIR'] ?? 'dist').replace(/\/+$/, '');
const BUILT_FOR = `${outDir}/.murmur-backend-url`;

function buildIfNeeded(): void {
  const built = existsSync(`${outDir}/index.html`) ? statSync(`${outDir}/index.html`).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map(newestMtime));
  const builtFor = existsSync(BUILT_FOR) ? readFileSync(BUILT_FOR, 'utf8') : '';
  if (built >= changed && builtFor === supabaseUrl) return;
  console.log(`Building Murmur for ${supabaseUrl}…`);
  const result = spawnSync('npx', ['vite', 'build'], {
    stdio: 'inherit',
    env: { ...env, VITE_SUPABASE_URL: supabaseUrl },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(BUILT_FOR, supabaseUrl);
}

buildIfNeeded();
const dataRoot = (env['DATA_DIR'] ?? '.data').replace(/\/+$/, '');
let backend: Awaited<ReturnType<typeof startBackend>> | null = null;
if (!env['VITE_SUPABASE_URL']) {
  try {
    backend = await startBackend({
      port: Number(env['API_PORT'] ?? 54321),
      dataDir: `${dataRoot}/pglite`,
      // Recordings live beside the database, so they survive a restart with it (as with npm run backend).
      storageDir: `${dataRoot}/storage`,
      databaseUrl: env['DATABASE_URL'] || undefined,
      jwtSecret: env['JWT_SECRET'] || undefined,
      mailbox: env['MAILBOX'] !== 'off',
      // Email links (sign-in, recovery) lead back to the app this script serves.
      siteUrl: env['SITE_URL'] || appUrl,
    });
  } catch (error) {
    console.error(`backend failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
const server = await serveDist({ port, outDir });
console.log(`App URL: ${appUrl}`);
if (backend) {
  console.log(`API URL: ${backend.url}`);
  if (backend.config.mailbox) console.log(`Mailbox: ${backend.url}/mailbox`);
  for (const warning of developmentWarnings(backend.config)) console.warn(`WARNING: ${warning}`);
} else {
  console.log(`API URL: ${env['VITE_SUPABASE_URL']} (hosted)`);
}
const stop = () => void Promise.all([server.close(), backend?.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
