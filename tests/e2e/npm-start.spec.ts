import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

import { PASSWORD, signInWithPassword } from './support/accounts.ts';
import { freePort } from '../integration/backend/support/postgres-cluster.ts';
import { ANON_KEY, uniqueEmail } from './support/backend.ts';

let started: ChildProcess | undefined;
let dir = '';
let appUrl = '';
let apiUrl = '';

// `npm start` builds the app (a minute or two on a loaded machine) before it serves it.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = mkdtempSync(join(tmpdir(), 'murmur-npm-start-'));
  const [appPort, apiPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    API_PORT: String(apiPort),
    DATA_DIR: join(dir, 'data'),
    // A build of its own: the suite's shared build talks to the suite's backend.
    MURMUR_OUT_DIR: join(dir, 'dist'),
  };
  // The suite sets these for its own build and backend; npm start must choose them itself.
  delete env['VITE_SUPABASE_URL'];
  delete env['SITE_URL'];
  started = spawn(process.execPath, ['scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 280_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const app = /^App URL: (\S+)$/m.exec(output)?.[1];
      const api = /^API URL: (\S+)$/m.exec(output)?.[1];
      if (app && api) {
        clearTimeout(timer);
        appUrl = app;
        apiUrl = api;
        resolve();
      }
    };
    started?.stdout?.on('data', read);
    started?.stderr?.on('data', read);
    started?.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  expect(appUrl).toBe(`http://127.0.0.1:${appPort}`);
  expect(apiUrl).toBe(`http://127.0.0.1:${apiPort}`);
});

test.afterAll(async () => {
  if (started && started.exitCode === null) {
    const exited = new Promise((resolve) => started?.once('exit', resolve));
    started.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('npm start on other ports serves a build that signs in and syncs with the backend it started', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('npm-start');
  const signup = await request.post(`${apiUrl}/auth/v1/signup`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email, password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const token = ((await signup.json()) as { access_token: string }).access_token;

  await page.goto(`${appUrl}/notes`);
  await expect(page).toHaveURL(/\/auth$/);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/notes$/);
  await page.getByRole('button', { name: 'New note' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  const title = `Started on port ${new URL(appUrl).port}`;
  await page.keyboard.type(title);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // The note reached the backend this npm start runs, not one on the default port.
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiUrl}/rest/v1/notes?select=title`, {
          headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { title: string }[]).map((note) => note.title);
      },
      { timeout: 30_000 },
    )
    .toContain(title);

  // Email links lead back to the app it serves.
  const recover = await request.post(`${apiUrl}/auth/v1/recover`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email },
  });
  expect(recover.status()).toBe(200);
  const mail = await request.get(`${apiUrl}/mailbox/messages?to=${encodeURIComponent(email)}`);
  const [latest] = (await mail.json()) as { action_link: string | null }[];
  expect(latest?.action_link ?? '').toContain(`redirect_to=${encodeURIComponent(appUrl)}`);
});
