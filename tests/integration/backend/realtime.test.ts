// @vitest-environment node
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { DEVELOPMENT_JWT_SECRET } from '../../../server/config.ts';

import { describeOnTargets, startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';
import { subscribed } from './support/subscribed.ts';
import { waitFor } from './support/wait-for.ts';

describeOnTargets('realtime with several supabase-js clients', (target, { localIt }) => {
  let backend: TestBackend;
  let clients: SupabaseClient[] = [];

  const newClient = (key?: string) => {
    const supabase = client(backend.url, key ?? backend.anonKey);
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

  it('answers heartbeats and rejects a connection with a bad apikey', async () => {
    const ws = new WebSocket(
      `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
    );
    const frames: string[] = [];
    ws.onmessage = (event) => frames.push(String(event.data));
    await new Promise((resolve) => (ws.onopen = resolve));
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(JSON.parse(await waitFor(frames, (frame) => frame.includes('"1"')))).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    ws.close();

    const bad = new WebSocket(
      `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=garbage&vsn=2.0.0`,
    );
    const outcome = await new Promise<string>((resolve) => {
      bad.onopen = () => resolve('open');
      bad.onerror = () => resolve('error');
    });
    expect(outcome).toBe('error');
  });

  it('fans broadcasts out to the other subscribers, and to the sender with self', async () => {
    const topic = `room-${target}`;
    const received: { who: string; payload: unknown }[] = [];
    const listeners = ['b', 'c'].map((who) =>
      newClient()
        .channel(topic)
        .on('broadcast', { event: 'ping' }, (message) => received.push({ who, payload: message['payload'] })),
    );
    await Promise.all(listeners.map(subscribed));
    const sender = newClient().channel(topic, { config: { broadcast: { self: true, ack: true } } });
    sender.on('broadcast', { event: 'ping' }, (message) =>
      received.push({ who: 'a', payload: message['payload'] }),
    );
    await subscribed(sender);
    expect(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    await waitFor(received, (item) => item.who === 'b');
    await waitFor(received, (item) => item.who === 'c');
    await waitFor(received, (item) => item.who === 'a');
    expect(received.every((item) => JSON.stringify(item.payload) === '{"n":1}')).toBe(true);
  });

  it('delivers broadcasts sent over REST by a client that has not joined', async () => {
    const topic = `rest-${target}`;
    const received: unknown[] = [];
    await subscribed(
      newClient()
        .channel(topic)
        .on('broadcast', { event: 'via-rest' }, (message) => received.push(message['payload'])),
    );
    expect(
      await newClient()
        .channel(topic)
        .send({ type: 'broadcast', event: 'via-rest', payload: { n: 2 } }),
    ).toBe('ok');
    expect(await waitFor(received, () => true)).toEqual({ n: 2 });
    const noKey = await fetch(`${backend.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      body: '{"messages":[]}',
    });
    expect(noKey.status).toBe(401);
  });

  localIt('JWT secret, to sign a short-lived token')('closes a channel when its token expires', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ role: 'anon', iat: now, exp: now + 2 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(DEVELOPMENT_JWT_SECRET));
    const ws = new WebSocket(
      `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
    );
    const frames: unknown[][] = [];
    ws.onmessage = (event) => frames.push(JSON.parse(String(event.data)) as unknown[]);
    await new Promise((resolve) => (ws.onopen = resolve));
    const topic = `realtime:expiring-${target}`;
    ws.send(
      JSON.stringify([
        '1',
        '1',
        topic,
        'phx_join',
        {
          config: { broadcast: { self: false }, presence: { key: '' }, postgres_changes: [] },
          access_token: shortLived,
        },
      ]),
    );
    expect((await waitFor(frames, (frame) => frame[3] === 'phx_reply'))[4]).toMatchObject({ status: 'ok' });
    expect((await waitFor(frames, (frame) => frame[3] === 'system'))[4]).toMatchObject({
      status: 'error',
      message: 'InvalidJWTToken: Token has expired',
    });
    expect(await waitFor(frames, (frame) => frame[3] === 'phx_close')).toEqual([
      '1',
      null,
      topic,
      'phx_close',
      {},
    ]);
    ws.close();
  });

  it('tracks presence across clients', async () => {
    const topic = `presence-${target}`;
    const first = newClient().channel(topic, { config: { presence: { key: 'first' } } });
    const syncs: string[][] = [];
    first.on('presence', { event: 'sync' }, () => syncs.push(Object.keys(first.presenceState()).sort()));
    await subscribed(first);
    const second = newClient().channel(topic, { config: { presence: { key: 'second' } } });
    second.on('presence', { event: 'sync' }, () => undefined);
    await subscribed(second);
    await first.track({ status: 'online' });
    await second.track({ status: 'away' });
    await waitFor(syncs, (keys) => keys.join() === 'first,second');
    await second.untrack();
    await waitFor(syncs, (keys) => keys.join() === 'first');
  });

  it('delivers postgres_changes only for rows each subscriber may see under RLS', async () => {
    const sign = async () => {
      const supabase = newClient();
      const { data } = await supabase.auth.signUp({ email: uniqueEmail('rt'), password: 'secret123' });
      if (!data.session || !data.user) throw new Error('sign-up failed');
      await supabase.realtime.setAuth(data.session.access_token);
      return { supabase, id: data.user.id };
    };
    const alice = await sign();
    const bob = await sign();
    const seen: { who: string; eventType: string; title: unknown }[] = [];
    const watch = (who: string, supabase: SupabaseClient, filter?: string) =>
      subscribed(
        supabase
          .channel(`todos-${who}-${target}`)
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'todos', ...(filter ? { filter } : {}) },
            (change) =>
              seen.push({
                who,
                eventType: change.eventType,
                title: (change.new as { title?: unknown }).title,
              }),
          ),
      );
    await watch('alice', alice.supabase);
    await watch('bob', bob.supabase);
    await watch('alice-filtered', alice.supabase, 'title=eq.second');

    expect((await alice.supabase.from('todos').insert({ title: 'first', done: false })).error).toBeNull();
    expect((await alice.supabase.from('todos').insert({ title: 'second', done: false })).error).toBeNull();
    expect((await bob.supabase.from('todos').insert({ title: 'bobs', done: false })).error).toBeNull();
    await waitFor(seen, (item) => item.who === 'bob' && item.title === 'bobs');
    await waitFor(seen, (item) => item.who === 'alice' && item.title === 'second');
    await waitFor(seen, (item) => item.who === 'alice-filtered' && item.title === 'second');
    expect(seen.filter((item) => item.who === 'alice').map((item) => item.title)).toEqual([
      'first',
      'second',
    ]);
    expect(seen.filter((item) => item.who === 'bob').map((item) => item.title)).toEqual(['bobs']);
    expect(seen.filter((item) => item.who === 'alice-filtered').map((item) => item.title)).toEqual([
      'second',
    ]);

    await alice.supabase.from('todos').update({ done: true }).eq('title', 'first');
    await waitFor(seen, (item) => item.who === 'alice' && item.eventType === 'UPDATE');
    expect(seen.some((item) => item.who === 'bob' && item.eventType === 'UPDATE')).toBe(false);
  });

  it('sends changes of a table without RLS to anonymous subscribers, with typed values', async () => {
    const anon = newClient();
    const changes: Record<string, unknown>[] = [];
    await subscribed(
      anon
        .channel(`kv-${target}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'kv' }, (change) =>
          changes.push(change.new),
        ),
    );
    expect((await anon.from('kv').insert({ k: `rt-${target}`, v: 'x', n: 3, tags: ['a'] })).error).toBeNull();
    expect(await waitFor(changes, (row) => row['k'] === `rt-${target}`)).toEqual({
      k: `rt-${target}`,
      v: 'x',
      n: 3,
      tags: ['a'],
    });
  });

  it('authorises private channels by RLS on realtime.messages and delivers realtime.send broadcasts', async () => {
    const sign = async (name: string) => {
      const supabase = newClient();
      const { data } = await supabase.auth.signUp({ email: uniqueEmail(name), password: 'secret123' });
      if (!data.session) throw new Error('sign-up failed');
      await supabase.realtime.setAuth(data.session.access_token);
      return supabase;
    };
    const room = `private-room-${target}`;
    const alice = await sign('alice');
    const aliceTwo = newClient();
    const { data: aliceSession } = await alice.auth.getSession();
    await aliceTwo.realtime.setAuth(aliceSession.session?.access_token ?? '');
    const bob = await sign('bob');
    expect((await alice.from('room_members').insert({ room })).error).toBeNull();

    const received: { who: string; event: string; payload: unknown }[] = [];
    const listen = (who: string, supabase: SupabaseClient, isPrivate: boolean, name = room) =>
      supabase
        .channel(name, { config: { private: isPrivate } })
        .on('broadcast', { event: '*' }, (message) =>
          received.push({ who, event: String(message['event']), payload: message['payload'] }),
        );
    await subscribed(listen('alice-listener', aliceTwo, true));
    await expect(subscribed(listen('bob', bob, true))).rejects.toThrow(/Unauthorized/);

    const sender = alice.channel(room, { config: { private: true, broadcast: { ack: true } } });
    await subscribed(sender);
    expect(await sender.send({ type: 'broadcast', event: 'hello', payload: { from: 'alice' } })).toBe('ok');
    await waitFor(received, (item) => item.who === 'alice-listener' && item.event === 'hello');

    // From SQL: realtime.send reaches private subscribers of the topic, and public ones of a public topic.
    await subscribed(listen('public-listener', newClient(), false, `${room}-public`));
    expect((await alice.rpc('announce', { room, message: 'to members', private: true })).error).toBeNull();
    expect(
      (await alice.rpc('announce', { room: `${room}-public`, message: 'to all', private: false })).error,
    ).toBeNull();
    expect(
      await waitFor(received, (item) => item.who === 'alice-listener' && item.event === 'announcement'),
    ).toMatchObject({ payload: { message: 'to members' } });
    expect(
      await waitFor(received, (item) => item.who === 'public-listener' && item.event === 'announcement'),
    ).toMatchObject({ payload: { message: 'to all' } });
  });
});
