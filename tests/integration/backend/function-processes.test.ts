// @vitest-environment node
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { startBackend } from '../../../server/start-backend.ts';
import { spawnBackend, type SpawnedBackend } from './support/spawn-backend.ts';

const SECRET = `Deno.serve(() => Response.json({ secret: Deno.env.get('MURMUR_FUNCTION_SECRET') ?? null }));`;

/** The Deno processes `pid` started (its direct children named deno), from /proc. */
function denoChildren(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'deno';
    } catch {
      return false;
    }
  });
}

function alive(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return false;
  // A zombie has exited; it only waits for its new parent to reap it.
  return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Calls a deployed function so that its Deno starts; its answer does not matter here. */
async function startFunction(backend: SpawnedBackend, anonKey: string, url: string): Promise<void> {
  const response = await fetch(`${url}/functions/v1/start-trial`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await response.arrayBuffer();
  expect(denoChildren(backend.child.pid ?? 0).length).toBeGreaterThan(0);
}

function addressOf(backend: SpawnedBackend): { url: string; anonKey: string } {
  const url = /API URL:\s*(\S+)/.exec(backend.output)?.[1];
  const anonKey = /anon key:\s*(\S+)/i.exec(backend.output)?.[1];
  if (!url || !anonKey) throw new Error(`no API URL or anon key in:\n${backend.output}`);
  return { url, anonKey };
}

describe.runIf(process.platform === 'linux')('Edge Function processes', () => {
  const dirs: string[] = [];
  const spawned: SpawnedBackend[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-function-processes-'));
    dirs.push(dir);
    return dir;
  };

  afterEach(() => {
    for (const backend of spawned.splice(0))
      if (backend.child.exitCode === null && backend.child.signalCode === null) backend.child.kill('SIGKILL');
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('go when the backend is killed with SIGKILL, which it cannot catch', async () => {
    const backend = await spawnBackend(tempDir());
    spawned.push(backend);
    const { url, anonKey } = addressOf(backend);
    await startFunction(backend, anonKey, url);
    const deno = denoChildren(backend.child.pid ?? 0);

    backend.child.kill('SIGKILL');
    await until(() => deno.every((pid) => !alive(pid)), 'every function process gone');
  }, 90_000);

  it('go when the backend stops on SIGTERM', async () => {
    const backend = await spawnBackend(tempDir());
    spawned.push(backend);
    const { url, anonKey } = addressOf(backend);
    await startFunction(backend, anonKey, url);
    const deno = denoChildren(backend.child.pid ?? 0);

    backend.child.kill('SIGTERM');
    await new Promise((resolve) => backend.child.once('exit', resolve));
    await until(() => deno.every((pid) => !alive(pid)), 'every function process gone');
  }, 90_000);

  it('read secrets set and unset on the running backend, as after `supabase secrets set`', async () => {
    const functionsDir = tempDir();
    mkdirSync(join(functionsDir, 'secret'));
    writeFileSync(join(functionsDir, 'secret', 'index.ts'), SECRET);
    const backend = await startBackend({
      port: 0,
      dataDir: 'memory://',
      migrationsDir: tempDir(),
      functionsDir,
    });
    try {
      const read = async () => {
        const response = await fetch(`${backend.url}/functions/v1/secret`, {
          headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
        });
        return ((await response.json()) as { secret: string | null }).secret;
      };
      expect(await read()).toBeNull();
      await backend.setFunctionSecrets({ MURMUR_FUNCTION_SECRET: 'first' });
      expect(await read()).toBe('first');
      await backend.setFunctionSecrets({ MURMUR_FUNCTION_SECRET: 'second' });
      expect(await read()).toBe('second');
      await backend.setFunctionSecrets({ MURMUR_FUNCTION_SECRET: undefined });
      expect(await read()).toBeNull();
    } finally {
      await backend.close();
    }
  }, 90_000);
});
