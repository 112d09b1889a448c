// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, it } from 'vitest';

import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from '../../../server/keys.ts';
import { spawnBackend } from './support/spawn-backend.ts';

it('npm run backend prints the API URL and keys, then ready, keeps data in DATA_DIR and stops on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'murmur-cli-'));
  const { child, output } = await spawnBackend(dataDir);
  try {
    const lines = output.trim().split('\n');
    const at = (prefix: string) => lines.findIndex((line) => line.startsWith(prefix));
    expect(at('API URL:')).toBeGreaterThanOrEqual(0);
    expect(at('anon key:')).toBe(at('API URL:') + 1);
    expect(at('service_role key:')).toBe(at('API URL:') + 2);
    expect(lines.at(-1)).toBe('ready');
    expect(lines[at('anon key:')]).toBe(`anon key: ${DEMO_ANON_KEY}`);
    expect(lines[at('service_role key:')]).toBe(`service_role key: ${DEMO_SERVICE_ROLE_KEY}`);
    const url = lines[at('API URL:')]?.slice('API URL: '.length) ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The demo keys the app ships are accepted: anon is subject to RLS, service_role is not refused.
    for (const key of [DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY]) {
      const response = await fetch(`${url}/auth/v1/settings`, {
        headers: { apikey: key, authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
    }
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);

it('warns loudly about the development secret and the open mailbox, and turns the mailbox off on request', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'murmur-cli-'));
  const development = await spawnBackend(dataDir);
  const secured = await spawnBackend(`${dataDir}-secured`, {
    JWT_SECRET: 'a-secret-of-this-journal-only-0123456789',
    MAILBOX: 'off',
  });
  try {
    const warned = await development.stderrMatching(/^WARNING: Mailbox/m);
    expect(warned).toMatch(/^WARNING: JWT secret: the public development secret\./m);
    expect(warned).toMatch(/^WARNING: Mailbox: open at \/mailbox\./m);
    expect(secured.errors).not.toMatch(/WARNING/);
    const url = /^API URL: (\S+)$/m.exec(secured.output)?.[1] ?? '';
    expect((await fetch(`${url}/mailbox`)).status).toBe(404);
  } finally {
    for (const { child } of [development, secured]) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-secured`, { recursive: true, force: true });
  }
}, 90_000);

it('refuses to serve the development secret or the mailbox on an address other machines reach', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'murmur-cli-'));
  try {
    const refused = spawnSync(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env,
        API_PORT: '0',
        API_HOST: '0.0.0.0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        JWT_SECRET: '',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /refusing to serve the public development JWT secret and the open mailbox on 0\.0\.0\.0/,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
