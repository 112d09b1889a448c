import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type BrowserContext, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium-path.ts';
import { realSession, SESSION_STORAGE_KEY } from '../../e2e/support/session.ts';
import { watchSync } from './sync-probes.ts';

/**
 * Where a device keeps its data. 'disk': a new browser profile in a fresh directory, as a person's
 * browser is. 'memory': an incognito context, whose IndexedDB Chromium keeps in memory; on this
 * Chromium it writes several times slower than a profile on disk, so it is measured beside the budget.
 * Each in a browser of its own: in-memory first syncs in one browser kept open across loads ran
 * erratically whatever the build (the fourteenth session in `git show 560655d:docs/performance.md`).
 */
export type Profile = 'disk' | 'memory';

export interface Device {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** A device: its own profile (own IndexedDB, no service worker), signed in to the account. */
export async function openDevice(email: string, profile: Profile = 'disk'): Promise<Device> {
  let context: BrowserContext;
  let close: () => Promise<void>;
  if (profile === 'disk') {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-bench-profile-'));
    context = await chromium.launchPersistentContext(dir, {
      executablePath: findChromium() ?? '',
      args: CHROMIUM_ARGS,
      serviceWorkers: 'block',
    });
    close = async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const browser = await chromium.launch({ executablePath: findChromium() ?? '', args: CHROMIUM_ARGS });
    context = await browser.newContext({ serviceWorkers: 'block' });
    close = async () => {
      await context.close();
      await browser.close();
    };
  }
  const session = await realSession(email);
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  const page = context.pages()[0] ?? (await context.newPage());
  await watchSync(page);
  return { context, page, close };
}
