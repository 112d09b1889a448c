import type { Page } from '@playwright/test';

import { bundleForPage } from './bundle-for-page.ts';

const PATH = '/bench-prepare-device';
let bundle: Promise<string> | undefined;

/**
 * Before a device's first sync: its database made by the app's schema on a page of the app's origin
 * that runs no app code, holding the journal's data key when `key` is given (device-database-page.ts).
 * The plain and the encrypted devices are prepared alike, so their first syncs differ only by the key.
 */
export async function prepareDevice(
  page: Page,
  base: string,
  userId: string,
  key: CryptoKey | null,
): Promise<void> {
  bundle ??= bundleForPage('tests/bench/pages/device-database-page.ts', 'MurmurBenchDevice');
  const code = await bundle;
  const rawKey = key ? Buffer.from(await crypto.subtle.exportKey('raw', key)).toString('base64') : null;
  await page.route(`${base}${PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>prepare</title>' }),
  );
  await page.goto(`${base}${PATH}`);
  await page.addScriptTag({ content: code });
  await page.evaluate(
    ([id, raw]) =>
      (
        globalThis as unknown as {
          MurmurBenchDevice: { prepareUserDatabase(userId: string, rawKey: string | null): Promise<void> };
        }
      ).MurmurBenchDevice.prepareUserDatabase(id, raw),
    [userId, rawKey] as const,
  );
  await page.unroute(`${base}${PATH}`);
}
