import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, expect, test } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium-path.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  purpose: string;
}

test.describe('installing Murmur', () => {
  test('Chromium finds it installable and the install button follows the browser', async ({ baseURL }) => {
    // Chromium never offers installation in an incognito-like context; a real profile is needed.
    const userDataDir = mkdtempSync(join(tmpdir(), 'murmur-install-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
      expect(data).toMatchObject({
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#4f46e5',
      });
      const icons = data['icons'] as ManifestIcon[];
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
        '192x192 any',
        '192x192 maskable',
        '512x512 any',
        '512x512 maskable',
      ]);

      const install = page.getByRole('button', { name: 'Install Murmur' });
      await expect(install).toBeVisible({ timeout: 15_000 });
      await install.focus();
      await expect(install).toBeFocused();

      // Once installed, the browser says so and the button goes away.
      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      await expect(install).toHaveCount(0);
    } finally {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });

  test('shows no install button where the browser cannot install', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Murmur');
    await expect(page.getByRole('button', { name: 'Install Murmur' })).toHaveCount(0);
  });

  test('has icons of the declared sizes, maskable ones with the wave inside the safe zone', async ({
    page,
  }) => {
    await page.goto('/');
    const report = await page.evaluate(async () => {
      const manifest = (await (await fetch('/manifest.webmanifest')).json()) as { icons: ManifestIcon[] };
      const icons = [
        ...manifest.icons,
        { src: '/apple-touch-icon.png', sizes: '180x180', purpose: 'apple-touch' },
      ];
      const results = [];
      for (const icon of icons) {
        const bitmap = await createImageBitmap(await (await fetch(icon.src)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context2d = canvas.getContext('2d');
        if (!context2d) throw new Error('no 2d canvas');
        context2d.drawImage(bitmap, 0, 0);
        const { data, width, height } = context2d.getImageData(0, 0, bitmap.width, bitmap.height);
        // A maskable icon may be cut to any shape that contains the central circle of 80 % diameter.
        const radius = 0.4 * width;
        let transparent = 0;
        let lightOutsideSafeZone = 0;
        let light = 0;
        for (let y = 0; y < height; y += 1) {
          for (let x = 0; x < width; x += 1) {
            const i = (y * width + x) * 4;
            if ((data[i + 3] ?? 0) < 255) transparent += 1;
            const outside = Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) > radius;
            const isLight = (data[i + 1] ?? 0) > 100;
            if (isLight) light += 1;
            if (outside && isLight) lightOutsideSafeZone += 1;
          }
        }
        results.push({
          purpose: icon.purpose,
          sizes: icon.sizes,
          size: `${width}x${height}`,
          transparent,
          light,
          lightOutsideSafeZone,
        });
      }
      return results;
    });
    for (const icon of report) {
      expect(icon.size, icon.purpose).toBe(icon.sizes);
      expect(icon.light, `${icon.purpose} ${icon.sizes} shows the wave`).toBeGreaterThan(0);
    }
    // The 'any' icons keep the favicon's rounded corners.
    for (const icon of report.filter((entry) => entry.purpose === 'any'))
      expect(icon.transparent).toBeGreaterThan(0);
    for (const icon of report.filter((entry) => entry.purpose !== 'any')) {
      expect(icon, 'full bleed, no transparency').toMatchObject({ transparent: 0 });
    }
    for (const icon of report.filter((entry) => entry.purpose === 'maskable')) {
      expect(icon, 'motif within the safe zone').toMatchObject({ lightOutsideSafeZone: 0 });
    }
  });
});
