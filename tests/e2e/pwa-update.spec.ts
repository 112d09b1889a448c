import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { expect, type Page, test } from '@playwright/test';

import { serveDist } from '../../scripts/serve-dist.ts';

/**
 * A deploy while Murmur is open: v1 is served, then v2's files are copied over it (old hashed assets stay,
 * as on a real host; sw.js keeps its URL). Each open tab must offer the update and reload only when its
 * own user accepts it.
 */
const PORT = 4281;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const run = promisify(execFile);

let workDir = '';
let served = '';
let server: Awaited<ReturnType<typeof serveDist>> | undefined;

async function build(buildId: string): Promise<string> {
  const outDir = join(workDir, buildId);
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    env: { ...process.env, MURMUR_BUILD_ID: buildId, MURMUR_OUT_DIR: outDir },
  });
  return outDir;
}

async function openControlled(page: Page): Promise<void> {
  await page.goto(`${BASE_URL}/support`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) {
    // Prompt mode does not claim pages: the first visit is controlled from its next load on.
    await page.reload();
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Survives only as long as this document: a reload, by anyone, removes it.
  await page.evaluate(() => Object.assign(window, { murmurUnsavedWork: true }));
}

const unsavedWorkKept = (page: Page) =>
  page.evaluate(() => (window as unknown as { murmurUnsavedWork?: boolean }).murmurUnsavedWork === true);
const prompt = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'A new version of Murmur is ready.' });
const version = (page: Page, id: string) => page.getByText(new RegExp(`^Murmur [\\d.]+ \\(build ${id}\\)$`));

test.describe('a new version of Murmur', () => {
  // Two builds, two tabs and two service-worker updates: slow on a loaded 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    workDir = mkdtempSync(join(tmpdir(), 'murmur-update-'));
    const [v1] = await Promise.all([build('v1'), build('v2')]);
    served = join(workDir, 'served');
    cpSync(v1, served, { recursive: true });
    server = await serveDist({ port: PORT, outDir: served });
  });

  test.afterAll(async () => {
    await server?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('is offered in every open tab and applied only where the user accepts it', async ({ browser }) => {
    const context = await browser.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await openControlled(first);
    await openControlled(second);
    await expect(version(first, 'v1')).toBeVisible();
    await expect(version(second, 'v1')).toBeVisible();

    cpSync(join(workDir, 'v2'), served, { recursive: true, force: true });
    await first.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    for (const page of [first, second]) {
      // The new worker installs first, fetching the whole precache: seconds on a loaded machine.
      await expect(prompt(page)).toBeVisible({ timeout: 30_000 });
      await expect(prompt(page).getByRole('button', { name: 'Reload to update' })).toBeVisible();
      await expect(prompt(page).getByRole('button', { name: 'Later' })).toBeVisible();
    }
    expect(await unsavedWorkKept(first)).toBe(true);
    expect(await unsavedWorkKept(second)).toBe(true);

    await prompt(second).getByRole('button', { name: 'Later' }).click();
    await expect(prompt(second)).toHaveCount(0);

    // Keyboard only, as the prompt must be reachable without a pointer.
    await prompt(first).getByRole('button', { name: 'Reload to update' }).focus();
    await first.keyboard.press('Enter');
    await expect(version(first, 'v2')).toBeVisible();
    expect(await unsavedWorkKept(first)).toBe(false);

    // The other tab is now run by v2's worker but keeps its document until its user reloads.
    await expect(prompt(second)).toBeVisible();
    await expect(version(second, 'v1')).toBeVisible();
    expect(await unsavedWorkKept(second)).toBe(true);
    await prompt(second).getByRole('button', { name: 'Reload to update' }).click();
    await expect(version(second, 'v2')).toBeVisible();

    await context.close();
  });
});
