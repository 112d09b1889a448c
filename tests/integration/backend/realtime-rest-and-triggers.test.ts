// @vitest-environment node
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOnTargets, startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';
import { subscribed } from './support/subscribed.ts';
import { waitFor } from './support/wait-for.ts';

/** The id hosted Realtime's realtime.send adds to a payload that has none. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Received {
  who: string;
  event: string;
  payload: unknown;
}

describeOnTargets('realtime broadcast over REST and from row triggers', (target, { localIt }) => {
  let backend: TestBackend;
  let clients: SupabaseClient[] = [];

  const newClient = () => {
    const supabase = client(backend.url, backend.anonKey);
    clients.push(supabase);
    return supabase;
  };
  const signUp = async (name: string) => {
    const supabase = newClient();
    const { data, error } = await supabase.auth.signUp({ email: uniqueEmail(name), password: 'secret123' });
    if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
    await supabase.realtime.setAuth(data.session.access_token);
    return supabase;
  };
  const listen = (
    received: Received[],
    who: string,
    supabase: SupabaseClient,
    topic: string,
    isPrivate: boolean,
  ) =>
    subscribed(
      supabase
        .channel(topic, { config: { private: isPrivate } })
        .on('broadcast', { event: '*' }, (message) =>
          received.push({ who, event: String(message['event']), payload: message['payload'] }),
        ),
    );

  beforeAll(async () => {
    clients = [];
    backend = await startTestBackend(target);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await backend?.stop();
  });

  it('delivers channel.httpSend() to public subscribers without the sender joining', async () => {
    const topic = `http-send-${target}`;
    const received: Received[] = [];
    await listen(received, 'listener', newClient(), topic, false);
    const sender = newClient().channel(topic);
    expect(await sender.httpSend('cursor', { x: 1, y: 2 })).toEqual({ success: true });
    expect(await waitFor(received, (item) => item.event === 'cursor')).toEqual({
      who: 'listener',
      event: 'cursor',
      payload: { x: 1, y: 2 },
    });
  });

  it('lets httpSend() write to a private topic only when RLS on realtime.messages allows it', async () => {
    const room = `http-private-${target}`;
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    expect((await alice.from('room_members').insert({ room })).error).toBeNull();
    const received: Received[] = [];
    await listen(received, 'alice', alice, room, true);

    const fromAlice = alice.channel(room, { config: { private: true } });
    expect(await fromAlice.httpSend('note', { from: 'alice' })).toEqual({ success: true });
    await expect(
      bob.channel(room, { config: { private: true } }).httpSend('note', { from: 'bob' }),
    ).rejects.toThrow(/Unauthorized/);
    await waitFor(received, (item) => item.event === 'note');
    // Give a stray delivery of bob's refused message the time to arrive before checking it did not.
    await alice.channel(room, { config: { private: true } }).httpSend('done', {});
    await waitFor(received, (item) => item.event === 'done');
    expect(received.filter((item) => item.event === 'note').map((item) => item.payload)).toEqual([
      { from: 'alice' },
    ]);
  });

  localIt('JSON-only REST broadcast')(
    'refuses httpSend() with a binary payload and a batch with a non-array body',
    async () => {
      await expect(
        newClient()
          .channel(`binary-${target}`)
          .httpSend('bytes', new Uint8Array([1, 2, 3])),
      ).rejects.toThrow(/[Bb]inary/);
      const response = await fetch(`${backend.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
        body: '{"messages": 3}',
      });
      expect(response.status).toBe(400);
    },
  );

  it('broadcasts row changes with realtime.broadcast_changes to members of the private topic only', async () => {
    const room = `shouts:${target}-${Date.now().toString(36)}`;
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    expect((await alice.from('room_members').insert({ room })).error).toBeNull();
    const received: Received[] = [];
    await listen(received, 'alice', alice, room, true);
    await listen(received, 'public', newClient(), room, false);
    await expect(listen(received, 'bob', bob, room, true)).rejects.toThrow(/Unauthorized/);

    const service = client(backend.url, backend.serviceRoleKey);
    const roomName = room.slice('shouts:'.length);
    const { data: inserted, error } = await service
      .from('shouts')
      .insert({ room: roomName, body: 'hi' })
      .select()
      .single();
    expect(error).toBeNull();
    expect((await service.from('shouts').update({ body: 'hello' }).eq('id', inserted.id)).error).toBeNull();
    expect((await service.from('shouts').delete().eq('id', inserted.id)).error).toBeNull();

    const row = { id: inserted.id, room: roomName };
    expect(await waitFor(received, (item) => item.event === 'INSERT')).toEqual({
      who: 'alice',
      event: 'INSERT',
      payload: {
        id: expect.stringMatching(UUID),
        operation: 'INSERT',
        schema: 'public',
        table: 'shouts',
        record: { ...row, body: 'hi' },
        old_record: null,
      },
    });
    expect((await waitFor(received, (item) => item.event === 'UPDATE')).payload).toEqual({
      id: expect.stringMatching(UUID),
      operation: 'UPDATE',
      schema: 'public',
      table: 'shouts',
      record: { ...row, body: 'hello' },
      old_record: { ...row, body: 'hi' },
    });
    expect((await waitFor(received, (item) => item.event === 'DELETE')).payload).toEqual({
      id: expect.stringMatching(UUID),
      operation: 'DELETE',
      schema: 'public',
      table: 'shouts',
      record: null,
      old_record: { ...row, body: 'hello' },
    });
    expect(received.map((item) => item.who)).toEqual(['alice', 'alice', 'alice']);
  });

  it('sends realtime.send with the caller’s rights: an id added unless the payload has one, a refusal only a warning', async () => {
    const room = `shouts:${target}-caller-${Date.now().toString(36)}`;
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    expect((await alice.from('room_members').insert({ room })).error).toBeNull();
    const received: Received[] = [];
    await listen(received, 'alice', alice, room, true);

    expect((await alice.rpc('shout_as_caller', { room, payload: { text: 'first' } })).error).toBeNull();
    // Not a member: the insert's policy refuses it, which realtime.send reports as a warning only.
    expect((await bob.rpc('shout_as_caller', { room, payload: { text: 'not a member' } })).error).toBeNull();
    expect(
      (await alice.rpc('shout_as_caller', { room, payload: { text: 'last', id: 'mine' } })).error,
    ).toBeNull();

    await waitFor(received, (item) => (item.payload as { text?: string }).text === 'last');
    expect(received.map((item) => item.payload)).toEqual([
      { text: 'first', id: expect.stringMatching(UUID) },
      { text: 'last', id: 'mine' },
    ]);
  });
});
