// @vitest-environment node
import { fsyncSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';

import { DURABLE_START_PARAMS } from './durable-start-params.ts';
import { DurableNodeFS } from './durable-node-fs.ts';
import { openPgliteDatabase } from './pglite-database.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-durable-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('runs with fsync on, flushing WAL by fsync', async () => {
    const db = await openPgliteDatabase(tempDir());
    try {
      expect((await db.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
      expect((await db.query<{ wal_sync_method: string }>('show wal_sync_method')).rows[0]).toEqual({
        wal_sync_method: 'fsync',
      });
    } finally {
      await db.close();
    }
  }, 60_000);

  it('flushes the write-ahead log to disk before a commit returns', async () => {
    const flushed: string[] = [];
    const fs = new DurableNodeFS(tempDir(), (fd) => {
      flushed.push(readlinkSync(`/proc/self/fd/${fd}`));
      fsyncSync(fd);
    });
    const db = new PGlite({ fs, startParams: DURABLE_START_PARAMS });
    try {
      await db.exec('create table kept (words text)');
      flushed.length = 0;
      await db.query('insert into kept values ($1)', ['every word']);
      expect(flushed.some((path) => path.includes('/pg_wal/'))).toBe(true);
    } finally {
      await db.close();
    }
  }, 60_000);
});
