// @vitest-environment node
import type { ChildProcess } from 'node:child_process';
import { request, Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spawnBackend } from './support/spawn-backend.ts';

function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Holds this process's event loop, as a test runner busy with a browser does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

describe('keep-alive connections', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'murmur-keep-alive-'));
  let backend: { child: ChildProcess; url: string };
  // Its own process, so holding this loop does not hold the server's timers.
  beforeAll(async () => {
    const { child, output } = await spawnBackend(dataDir);
    const url = /^API URL: (\S+)$/m.exec(output)?.[1];
    if (!url) throw new Error(`no API URL in:\n${output}`);
    backend = { child, url };
  }, 90_000);
  afterAll(() => {
    backend.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serve a client that reuses its pooled connection after being busy for several seconds', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = `${backend.url}/mailbox/messages?to=${encodeURIComponent('idle@example.com')}`;
    try {
      expect(await get(url, agent)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 4_800));
      // The agent retires an idle socket on its own timer, which cannot run while this loop is held.
      busyFor(1_400);
      expect(await get(url, agent)).toBe(200);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
