import { expect, test } from '@playwright/test';

import { buildSizes, INITIAL_JS_BUDGET_KB, PRECACHE_BUDGET_KB } from '../bench/support/build-budget.ts';

// The build these tests serve (scripts/serve-dist.ts).
const outDir = process.env['MURMUR_OUT_DIR'] ?? 'dist';

test.describe('Murmur build size', () => {
  // A size is not a time: the same build measures the same on any machine, so CI can hold every change
  // to the budgets. The precache once crossed its budget unnoticed, by a dynamic import that kept all of
  // zod in the build.
  test(`the first screen runs at most ${INITIAL_JS_BUDGET_KB} kB of JS and the service worker installs at most ${PRECACHE_BUDGET_KB} kB, gzipped`, () => {
    const sizes = buildSizes(outDir);
    const detail = `initial JS ${sizes.initialJsKb} kB (${sizes.initialJsFiles.length} files), precache ${sizes.precacheKb} kB (${sizes.precacheFiles.length} files)`;
    console.log(`build size: ${detail}`);
    expect(sizes.initialJsFiles[0], 'the entry comes first').toMatch(/^assets\/index-[\w-]+\.js$/);
    expect(sizes.precacheFiles, 'the precache holds the entry').toContain(sizes.initialJsFiles[0]);
    expect(sizes.initialJsKb, detail).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    expect(sizes.precacheKb, detail).toBeLessThanOrEqual(PRECACHE_BUDGET_KB);
  });
});
