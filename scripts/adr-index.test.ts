// @vitest-environment node
import { readFileSync } from 'node:fs';

import { expect, it } from 'vitest';

import { adrIndex } from './adr-index.ts';

it('the ADR index lists every record with its current status (npx node scripts/adr-index.ts)', async () => {
  const prettier = await import('prettier');
  const current = readFileSync('docs/adr/README.md', 'utf8');
  const expected = await prettier.format(adrIndex(), {
    parser: 'markdown',
    ...(await prettier.resolveConfig('docs/adr/README.md')),
  });
  expect(current).toBe(expected);
});
