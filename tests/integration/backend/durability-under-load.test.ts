// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { startPostgresCluster, type PostgresCluster } from './support/postgres-cluster.ts';
import { startPushLoad, storedNoteIds, type LoadTarget } from './support/push-load.ts';
import { spawnBackend, type SpawnedBackend } from './support/spawn-backend.ts';

/** 20 devices pushing at once, as the load; each push is one new note. */
const DEVICES = 20;
const LOAD_ENV = { RATE_LIMIT_PER_IP: '100000' };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-load-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function printed(backend: SpawnedBackend, label: string): string {
  const value = new RegExp(`^${label}: (\\S+)$`, 'm').exec(backend.output)?.[1];
  if (!value) throw new Error(`the backend did not print "${label}"`);
  return value;
}

async function spawnTracked(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedBackend> {
  const backend = await spawnBackend(dataDir, { ...LOAD_ENV, ...env });
  cleanups.push(() => {
    if (backend.child.exitCode === null && backend.child.signalCode === null) backend.child.kill('SIGKILL');
  });
  return backend;
}

function targetOf(backend: SpawnedBackend): LoadTarget {
  return { url: printed(backend, 'API URL'), anonKey: printed(backend, 'anon key') };
}

const exited = (backend: SpawnedBackend) =>
  new Promise<number | null>((resolve) => {
    if (backend.child.exitCode !== null || backend.child.signalCode !== null) resolve(backend.child.exitCode);
    else backend.child.once('exit', (code) => resolve(code));
  });

/**
 * Resolves once `condition` holds; fails at once, with what it printed, if the backend process ended
 * meanwhile (a crash is the failure these tests look for).
 */
async function until(backend: SpawnedBackend, condition: () => boolean, what: string): Promise<void> {
  while (!condition()) {
    if (backend.child.exitCode !== null || backend.child.signalCode !== null)
      throw new Error(
        `the backend ended (${backend.child.exitCode ?? backend.child.signalCode}) while waiting for ${what}:\n${backend.errors}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const total = (outcomes: Map<string, number>) => [...outcomes.values()].reduce((sum, n) => sum + n, 0);

/** Resolves once the load has had `count` more answers or failures, whatever they were. */
async function moreOutcomes(
  backend: SpawnedBackend,
  outcomes: Map<string, number>,
  count: number,
): Promise<void> {
  const target = total(outcomes) + count;
  await until(backend, () => total(outcomes) >= target, `${count} more pushes`);
}

describe('the backend under load', () => {
  it('answers 503 while PostgreSQL is down, fast or crashed, and loses nothing acknowledged', async () => {
    const cluster: PostgresCluster = await startPostgresCluster();
    cleanups.push(() => cluster.stop());
    const backend = await spawnTracked(tempDir(), { DATABASE_URL: cluster.url });
    const target = targetOf(backend);
    const load = await startPushLoad(target, DEVICES);
    await moreOutcomes(backend, load.outcomes, 100);

    for (const mode of ['fast', 'immediate'] as const) {
      await cluster.stopServer(mode);
      const before = load.outcomes.get('503') ?? 0;
      await until(backend, () => (load.outcomes.get('503') ?? 0) >= before + DEVICES, `503s (${mode} stop)`);
      await cluster.startServer();
      await moreOutcomes(backend, load.outcomes, 100);
    }
    await load.settle(30_000);

    expect(backend.child.exitCode).toBeNull();
    const statuses = [...load.outcomes.keys()].sort();
    // Only success and "retry shortly": never a 500, never a dropped connection.
    expect(statuses, JSON.stringify([...load.outcomes])).toEqual(['200', '503']);
    const stored = await storedNoteIds(target, printed(backend, 'service_role key'), load);
    expect(load.unacknowledged()).toEqual([]);
    expect([...load.acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    expect(stored.size).toBe(load.acknowledged.size);
  }, 180_000);

  it('keeps every acknowledged push through kill -9, and retries after the restart are idempotent', async () => {
    const dataDir = tempDir();
    const first = await spawnTracked(dataDir);
    const target = targetOf(first);
    const load = await startPushLoad(target, DEVICES);
    await moreOutcomes(first, load.outcomes, 100);
    first.child.kill('SIGKILL');
    await exited(first);
    const acknowledgedBeforeCrash = new Set(load.acknowledged);

    // The crashed process left its lock behind; the next start sees its owner is gone and takes over.
    const second = await spawnTracked(dataDir);
    Object.assign(target, targetOf(second));
    await load.settle(60_000);

    const stored = await storedNoteIds(target, printed(second, 'service_role key'), load);
    expect([...acknowledgedBeforeCrash].filter((id) => !stored.has(id))).toEqual([]);
    expect(load.unacknowledged()).toEqual([]);
    expect(stored.size).toBe(load.acknowledged.size);
  }, 180_000);

  it('answers every request whose write it committed when stopped with SIGTERM', async () => {
    const dataDir = tempDir();
    const first = await spawnTracked(dataDir);
    const target = targetOf(first);
    const load = await startPushLoad(target, DEVICES);
    await moreOutcomes(first, load.outcomes, 100);
    first.child.kill('SIGTERM');
    expect(await exited(first)).toBe(0);
    await load.halt();

    const second = await spawnTracked(dataDir);
    Object.assign(target, targetOf(second));
    const stored = await storedNoteIds(target, printed(second, 'service_role key'), load);
    // Committed means answered: nothing stored that its client did not hear succeed.
    expect([...stored].filter((id) => !load.acknowledged.has(id))).toEqual([]);
    expect([...load.acknowledged].filter((id) => !stored.has(id))).toEqual([]);
  }, 180_000);

  it('refuses a second backend on the same data directory, and one on a taken port, before opening a database', async () => {
    const dataDir = tempDir();
    const first = await spawnTracked(dataDir);
    const port = new URL(printed(first, 'API URL')).port;

    const sameDir = spawnSync(process.execPath, ['server/main.ts'], {
      env: { ...process.env, API_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(sameDir.status).toBe(1);
    expect(sameDir.stderr).toMatch(/data directory .* is in use by another Murmur backend \(process \d+\)/);

    const otherDir = tempDir();
    const samePort = spawnSync(process.execPath, ['server/main.ts'], {
      env: { ...process.env, API_PORT: port, DATA_DIR: otherDir, DATABASE_URL: '', JWT_SECRET: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(samePort.status).toBe(1);
    expect(samePort.stderr).toMatch(/EADDRINUSE/);
    // The port was refused before PGlite created a cluster there.
    expect(existsSync(join(otherDir, 'pglite', 'PG_VERSION'))).toBe(false);

    // The first one was never disturbed.
    const health = await fetch(`${printed(first, 'API URL')}/auth/v1/health`);
    expect(health.status).toBe(200);
  }, 120_000);
});
