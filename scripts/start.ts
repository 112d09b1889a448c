import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

function buildIfNeeded(): void {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const changed = Math.max(...SOURCES.map(newestMtime));
  if (built >= changed) return;
  console.log('Building Murmur…');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildIfNeeded();
const env = process.env;
const backend = env['VITE_SUPABASE_URL']
  ? null
  : await startBackend({
      port: Number(env['API_PORT'] ?? 54321),
      dataDir: `${(env['DATA_DIR'] ?? '.data').replace(/\/+$/, '')}/pglite`,
      databaseUrl: env['DATABASE_URL'] || undefined,
      jwtSecret: env['JWT_SECRET'] || undefined,
      mailbox: env['MAILBOX'] !== 'off',
    });
const port = Number(env['PORT'] ?? 4173);
const server = await serveDist({ port });
console.log(`App URL: http://127.0.0.1:${port}`);
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
