import { gzipSync } from 'node:zlib';

/** Bytes after gzip -9: what a well-configured server sends, and what the budgets are written in. */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}
