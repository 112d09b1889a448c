import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from './chromium-path.ts';

/**
 * Renders Murmur's app icons from one SVG motif (the favicon: a white sound wave on indigo) through the
 * system Chromium, then recompresses each PNG losslessly with zopflipng (Debian's zopfli package): the
 * icons are in the precache, and Chromium's PNGs are about a third larger. Run it after changing the
 * motif and commit the PNGs:
 *   apt-get install -y zopfli && node scripts/generate-icons.ts
 */
const INDIGO = '#4f46e5';
const WAVE = 'M14 38c4 0 4-12 8-12s4 20 8 20 4-28 8-28 4 20 8 20 4-8 6-8';

interface IconSpec {
  file: string;
  size: number;
  /** Corner radius of the indigo square in the 64-unit view box; 0 = full bleed. */
  radius: number;
  /** Scale of the wave around the centre. */
  scale: number;
}

// 'any' icons keep the favicon's rounded square (transparent corners). Maskable icons are full bleed and
// the wave is shrunk so it stays inside the central 80 % circle that every launcher mask keeps
// (the stroked wave's bounding box has a half-diagonal of 26 of 64 units; at 0.75 it is 19.5 < 25.6).
// iOS fills transparency with black and rounds the corners itself, so the touch icon is full bleed too.
const ICONS: IconSpec[] = [
  { file: 'public/icons/icon-192.png', size: 192, radius: 14, scale: 1 },
  { file: 'public/icons/icon-512.png', size: 512, radius: 14, scale: 1 },
  { file: 'public/icons/maskable-192.png', size: 192, radius: 0, scale: 0.75 },
  { file: 'public/icons/maskable-512.png', size: 512, radius: 0, scale: 0.75 },
  { file: 'public/apple-touch-icon.png', size: 180, radius: 0, scale: 0.85 },
];

export function iconSvg({ size, radius, scale }: Omit<IconSpec, 'file'>): string {
  const offset = 32 * (1 - scale);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">`,
    `<rect width="64" height="64" rx="${radius}" fill="${INDIGO}"/>`,
    `<path transform="translate(${offset} ${offset}) scale(${scale})" d="${WAVE}" fill="none" stroke="#fff"`,
    ` stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  ].join('');
}

async function main(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const icon of ICONS) {
      await page.setViewportSize({ width: icon.size, height: icon.size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${iconSvg(icon)}</body></html>`,
      );
      const path = join(root, icon.file);
      mkdirSync(dirname(path), { recursive: true });
      await page.locator('svg').screenshot({ path, omitBackground: true });
      // Lossless: every pixel, transparent ones included, stays as Chromium drew it.
      execFileSync('zopflipng', ['-y', '--iterations=30', '--filters=01234mepb', path, path]);
      console.log(`${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
