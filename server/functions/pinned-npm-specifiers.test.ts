// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import packageJson from '../../package.json' with { type: 'json' };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('Edge Functions', () => {
  it('pin every npm: import to the version the project installs, so local runs match deployments', () => {
    const installed: Record<string, string> = packageJson.dependencies;
    const pins = sources('supabase/functions').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"]npm:(@?[^@'"]+)@([^/'"]+)/g)].map((match) => ({
        file,
        name: match[1] ?? '',
        version: match[2] ?? '',
      })),
    );
    expect(pins.length).toBeGreaterThan(0);
    for (const pin of pins) expect(`${pin.name}@${pin.version}`).toBe(`${pin.name}@${installed[pin.name]}`);
  });
});
