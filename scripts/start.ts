import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { serveDist } from './serve-dist.ts';

/**
 * `npm start`: build when the build is missing or older than the sources, then serve it (and, once it
 * exists, the local backend beside it).
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
const port = Number(process.env['PORT'] ?? 4173);
const server = await serveDist({ port });
console.log(`App URL: http://127.0.0.1:${port}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
