// @vitest-environment node
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOnTargets, startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';
import { subscribed } from './support/subscribed.ts';
import { waitFor } from './support/wait-for.ts';

/** Joins a channel for inserted todos; the returned list fills with their titles as they arrive. */
async function insertedTitles(supabase: SupabaseClient, name: string): Promise<string[]> {
  const titles: string[] = [];
  await subscribed(
    supabase
      .channel(name)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'todos' }, (change) =>
        titles.push(String((change.new as { title?: unknown }).title)),
      ),
  );
  return titles;
}

describeOnTargets('realtime access_token updates on joined channels', (target) => {
  let backend: TestBackend;
  let clients: SupabaseClient[] = [];
  const newClient = () => {
    const supabase = client(backend.url, backend.anonKey);
    clients.push(supabase);
    return supabase;
  };

  beforeAll(async () => {
    clients = [];
    backend = await startTestBackend(target);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await backend?.stop();
  });

  it('checks changes against the new identity once a joined subscriber signs in', async () => {
    const email = uniqueEmail('late');
    const owner = newClient();
    expect((await owner.auth.signUp({ email, password: 'secret123' })).error).toBeNull();

    const subscriber = newClient();
    const titles = await insertedTitles(subscriber, `late-sign-in-${target}`);
    // The owner's channel joins after the subscriber's: the server checks a change for its channels in
    // the order they joined, so once the owner has the row, the subscriber's check of it is done.
    const ownerTitles = await insertedTitles(owner, `late-sign-in-owner-${target}`);
    // As anon the subscriber may not see the row, so nothing arrives.
    expect((await owner.from('todos').insert({ title: 'while anonymous' })).error).toBeNull();
    await waitFor(ownerTitles, (title) => title === 'while anonymous', 10_000);
    // Signing in makes supabase-js send access_token to the joined channel; RLS now lets the rows through.
    expect((await subscriber.auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
    // The access_token push races the next insert, so insert until one arrives. Changes are dispatched in
    // commit order, so had the anonymous-time row been delivered it would be first.
    const started = Date.now();
    for (let n = 1; !titles.some((title) => title.startsWith('after sign-in')); n += 1) {
      if (Date.now() - started > 10_000) throw new Error('no change arrived after signing in');
      expect((await owner.from('todos').insert({ title: `after sign-in ${n}` })).error).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(titles[0]).toMatch(/^after sign-in \d+$/);
    expect(titles).not.toContain('while anonymous');
  });

  it('closes a joined channel whose access_token update is not a valid token', async () => {
    const ws = new WebSocket(
      `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
    );
    const frames: unknown[][] = [];
    ws.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as unknown[]);
    await new Promise((resolve) => (ws.onopen = resolve));
    const topic = `realtime:bad-update-${target}`;
    ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: {} }]));
    expect((await waitFor(frames, (frame) => frame[1] === '1'))[4]).toMatchObject({ status: 'ok' });
    ws.send(JSON.stringify(['1', '2', topic, 'access_token', { access_token: 'not-a-jwt' }]));
    expect((await waitFor(frames, (frame) => frame[3] === 'system'))[4]).toMatchObject({ status: 'error' });
    expect(await waitFor(frames, (frame) => frame[3] === 'phx_close')).toEqual([
      '1',
      null,
      topic,
      'phx_close',
      {},
    ]);
    ws.close();
  });
});
