import { describe, expect, it } from 'vitest';

import { runStartup } from './run-startup.ts';

describe('start-up', () => {
  it('runs every step in order and keeps going after a failure', async () => {
    const ran: string[] = [];
    const logged: string[] = [];
    const step = (name: string, fail = false) => ({
      name,
      run: async () => {
        ran.push(name);
        if (fail) throw new Error(`${name} broke`);
      },
    });
    const report = await runStartup(
      [
        step('performance monitoring'),
        step('analytics session', true),
        step('version check'),
        step('install handler'),
      ],
      (message, error) => logged.push(`${message}: ${(error as Error).message}`),
    );
    expect(ran).toEqual(['performance monitoring', 'analytics session', 'version check', 'install handler']);
    expect(report).toEqual({
      succeeded: ['performance monitoring', 'version check', 'install handler'],
      failed: ['analytics session'],
    });
    expect(logged).toEqual(['Murmur start-up step "analytics session" failed: analytics session broke']);
  });
});
