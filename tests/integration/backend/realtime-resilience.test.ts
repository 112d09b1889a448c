// @vitest-environment node
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { startTestBackend, TARGETS } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client } from './support/clients.ts';
import { subscribed } from './support/subscribed.ts';
import { waitFor } from './support/wait-for.ts';

/** Repeats `attempt` every `everyMs` until `done()` holds, for up to `ms` (a write may land before LISTEN is back). */
async function retryUntil(attempt: () => Promise<void>, done: () => boolean, ms = 20_000, everyMs = 500) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error('gave up waiting for realtime to recover');
    await attempt();
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('realtime survives dropped sockets and database restarts', () => {
  let backend: TestBackend | undefined;
  let clients: SupabaseClient[] = [];
  const newClient = (b: TestBackend) => {
    const supabase = client(b.url, b.anonKey);
    clients.push(supabase);
    return supabase;
  };

  afterEach(async () => {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    clients = [];
    await backend?.stop();
    backend = undefined;
  });

  it.each(TARGETS)(
    'drops the presence of a socket that vanishes without closing, and keeps serving the others on %s',
    async (target) => {
      backend = await startTestBackend(target);
      const topic = `drop-${target}`;
      const watcher = newClient(backend).channel(topic, { config: { presence: { key: 'watcher' } } });
      const presences: string[][] = [];
      const broadcasts: unknown[] = [];
      watcher
        .on('presence', { event: 'sync' }, () => presences.push(Object.keys(watcher.presenceState()).sort()))
        .on('broadcast', { event: 'after' }, (message) => broadcasts.push(message['payload']));
      await subscribed(watcher);
      await watcher.track({ status: 'watching' });

      const raw = new WebSocket(
        `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
      );
      await new Promise((resolve, reject) => raw.once('open', resolve).once('error', reject));
      const replies: unknown[][] = [];
      raw.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString('utf8')) as unknown[]));
      const config = { broadcast: { self: false }, presence: { key: 'dropper', enabled: true } };
      raw.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config }]));
      await waitFor(replies, (frame) => frame[1] === '1');
      raw.send(
        JSON.stringify([
          '1',
          '2',
          `realtime:${topic}`,
          'presence',
          { type: 'presence', event: 'track', payload: { status: 'here' } },
        ]),
      );
      await waitFor(presences, (keys) => keys.join() === 'dropper,watcher');

      // No close frame: the connection is cut, as when the app is killed mid-session.
      raw.terminate();
      await waitFor(presences, (keys) => keys.join() === 'watcher', 10_000);

      const sender = newClient(backend).channel(topic);
      await subscribed(sender);
      expect(await sender.send({ type: 'broadcast', event: 'after', payload: { still: 'serving' } })).toBe(
        'ok',
      );
      expect(await waitFor(broadcasts, () => true)).toEqual({ still: 'serving' });
    },
    90_000,
  );

  it('closes a socket that stays silent past the idle timeout and drops its presence, sparing one that heartbeats', async () => {
    backend = await startTestBackend('pglite', { realtimeIdleTimeoutSeconds: 2 });
    const topic = 'idle';
    // supabase-js heartbeats every 25 s by default; this one every 500 ms stays within the 2 s timeout.
    const lively = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { heartbeatIntervalMs: 500 },
    });
    clients.push(lively);
    const watcher = lively.channel(topic, { config: { presence: { key: 'watcher' } } });
    const presences: string[][] = [];
    watcher.on('presence', { event: 'sync' }, () =>
      presences.push(Object.keys(watcher.presenceState()).sort()),
    );
    await subscribed(watcher);
    await watcher.track({ status: 'watching' });

    const silent = new WebSocket(
      `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
    );
    await new Promise((resolve, reject) => silent.once('open', resolve).once('error', reject));
    const closed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    const replies: unknown[][] = [];
    silent.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString('utf8')) as unknown[]));
    silent.send(
      JSON.stringify([
        '1',
        '1',
        `realtime:${topic}`,
        'phx_join',
        { config: { presence: { key: 'silent', enabled: true } } },
      ]),
    );
    await waitFor(replies, (frame) => frame[1] === '1');
    silent.send(
      JSON.stringify([
        '1',
        '2',
        `realtime:${topic}`,
        'presence',
        { type: 'presence', event: 'track', payload: {} },
      ]),
    );
    await waitFor(presences, (keys) => keys.join() === 'silent,watcher');
    // From here the raw socket sends nothing, not even a heartbeat.
    await closed;
    await waitFor(presences, (keys) => keys.join() === 'watcher', 10_000);
    expect(watcher.state).toBe('joined');
  }, 90_000);

  it('delivers postgres_changes and database broadcasts again after PostgreSQL restarts', async () => {
    backend = await startTestBackend('postgres');
    const current = backend;
    const anon = newClient(current);
    const changes: string[] = [];
    const broadcasts: string[] = [];
    await subscribed(
      anon
        .channel('restart-changes')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'kv' }, (change) =>
          changes.push(String((change.new as { k?: unknown }).k)),
        ),
    );
    const service = client(current.url, current.serviceRoleKey);
    await subscribed(
      newClient(current)
        .channel('restart-room')
        .on('broadcast', { event: 'announcement' }, (message) =>
          broadcasts.push(String((message['payload'] as { message?: unknown }).message)),
        ),
    );
    expect((await anon.from('kv').insert({ k: 'before-restart' })).error).toBeNull();
    await waitFor(changes, (k) => k === 'before-restart');

    current.cluster?.restart();
    let n = 0;
    await retryUntil(
      async () => {
        n += 1;
        await anon.from('kv').insert({ k: `after-restart-${n}` });
      },
      () => changes.some((k) => k.startsWith('after-restart-')),
    );
    await retryUntil(
      async () => {
        await service.rpc('announce', { room: 'restart-room', message: 'after restart', private: false });
      },
      () => broadcasts.includes('after restart'),
    );
    expect(changes[0]).toBe('before-restart');
  }, 90_000);
});
