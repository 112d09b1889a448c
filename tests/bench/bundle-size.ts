import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Benchmark, Metric } from './benchmark.ts';
import { buildApp, type BuiltChunk } from './support/build-app.ts';
import { buildSizes, INITIAL_JS_BUDGET_KB, PRECACHE_BUDGET_KB } from './support/build-budget.ts';
import { gzipSize } from './support/gzip-size.ts';
import { packageOf } from './support/package-of.ts';

const KB = 1000;
const kilobytes = (bytes: number) => Math.round((bytes / KB) * 100) / 100;
const oneShot = (name: string, bytes: number, extra: Partial<Metric> = {}): Metric => ({
  name,
  unit: 'kB',
  median: kilobytes(bytes),
  p95: kilobytes(bytes),
  runs: 1,
  ...extra,
});
/** Hashes change every build; the table should not. */
const withoutHash = (fileName: string) =>
  fileName.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '');

/** Attributes reference an asset by its absolute URL; strip it to the build-relative file name. */
function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(tag)) {
    const value = new RegExp(`${attribute}="([^"]+)"`).exec(match[0])?.[1];
    if (value) values.push(value.replace(/^\//, ''));
  }
  return values;
}

/** gz bytes of each package in the initial chunks, prorated by its share of each chunk's source. */
function contributors(files: string[], chunks: Map<string, BuiltChunk>, gzipOf: (file: string) => number) {
  const totals = new Map<string, number>();
  for (const file of files) {
    const chunk = chunks.get(file);
    if (!chunk) continue;
    const lengths = Object.entries(chunk.moduleLengths);
    const chunkLength = lengths.reduce((sum, [, length]) => sum + length, 0) || 1;
    for (const [id, length] of lengths) {
      const owner = packageOf(id);
      totals.set(owner, (totals.get(owner) ?? 0) + (gzipOf(file) * length) / chunkLength);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, gzipKb: kilobytes(bytes) }));
}

export const bundleSize: Benchmark = {
  name: 'bundle-size',
  description: 'Production build: initial JS and CSS, service-worker precache and lazy chunks, gzip -9',
  async run({ log }) {
    const { outDir, chunks: chunkList } = await buildApp();
    const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
    const read = (file: string) => readFileSync(join(outDir, file));
    const gzipCache = new Map<string, number>();
    const gzipOf = (file: string) => {
      const size = gzipCache.get(file) ?? gzipSize(read(file));
      gzipCache.set(file, size);
      return size;
    };
    const sum = (files: string[], size: (file: string) => number) =>
      files.reduce((total, file) => total + size(file), 0);

    const html = read('index.html').toString('utf8');
    // The files the budgets count, as the end-to-end budget test counts them.
    const { initialJsFiles: initialJs, precacheFiles: precached } = buildSizes(outDir);
    const initialCss = attributeValues(html, /<link\b[^>]*rel="stylesheet"[^>]*>/g, 'href');
    const lazy = chunkList
      .map((chunk) => chunk.fileName)
      .filter((file) => !initialJs.includes(file))
      .map((file) => ({ file, gzipBytes: gzipOf(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);

    const initialJsBytes = sum(initialJs, gzipOf);
    const byPackage = contributors(initialJs, chunks, gzipOf);
    log(`initial JS: ${initialJs.join(', ')}`);
    log(
      `biggest in the initial JS (gz kB): ${byPackage
        .slice(0, 8)
        .map((p) => `${p.name} ${p.gzipKb}`)
        .join(', ')}`,
    );

    return {
      metrics: [
        oneShot('initial JS (gz)', initialJsBytes, {
          target: { comparison: 'at-most', value: INITIAL_JS_BUDGET_KB },
          note: 'entry script, modulepreloads and their static imports',
        }),
        oneShot('initial CSS (gz)', sum(initialCss, gzipOf)),
        oneShot('precache total (gz)', sum(precached, gzipOf), {
          target: { comparison: 'at-most', value: PRECACHE_BUDGET_KB },
          note: `${precached.length} files in sw.js`,
        }),
        oneShot(
          'precache total (raw)',
          sum(precached, (file) => read(file).length),
        ),
        ...lazy
          .slice(0, 3)
          .map(({ file, gzipBytes }, index) =>
            oneShot(`lazy chunk #${index + 1}: ${withoutHash(file)} (gz)`, gzipBytes),
          ),
      ],
      details: {
        initialJs: initialJs.map((file) => ({
          file,
          gzipKb: kilobytes(gzipOf(file)),
          rawKb: kilobytes(read(file).length),
        })),
        initialCss: initialCss.map((file) => ({ file, gzipKb: kilobytes(gzipOf(file)) })),
        initialJsByPackage: byPackage,
        lazyChunks: lazy.map(({ file, gzipBytes }) => ({ file, gzipKb: kilobytes(gzipBytes) })),
        precachedFiles: precached.length,
      },
    };
  },
};
