// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { functionsWithoutJwt } from './function-settings.ts';

describe('supabase/config.toml function settings', () => {
  it('reads verify_jwt = false per function and nothing else', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'murmur-config-')), 'config.toml');
    writeFileSync(
      file,
      [
        'project_id = "murmur"',
        '[functions.stripe-webhook]',
        'verify_jwt = false # signed by Stripe instead',
        '[functions."start-trial"]',
        'verify_jwt = true',
        '[auth]',
        'verify_jwt = false',
      ].join('\n'),
    );
    expect([...functionsWithoutJwt(file)]).toEqual(['stripe-webhook']);
    expect(functionsWithoutJwt(join(tmpdir(), 'no-such-config.toml')).size).toBe(0);
  });
});
