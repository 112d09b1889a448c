import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

import {
  forbiddenKind,
  TransportError,
  type SyncPoke,
  type SyncSession,
  type SyncTransport,
} from '../../sync/transport.ts';

/**
 * The engine's transport over supabase-js (docs/sync.md R3, R4, R27, R31): push and pull are the
 * `sync_push` / `sync_pull` RPCs, sent with the session the client carries; the poke is the private
 * realtime channel `user:<id>`. Responses are returned raw: the engine validates them (R4).
 *
 * HTTP errors become TransportError kinds: no answer → network; 401 → unauthorized; 403 → forbidden;
 * 409, 429 and 5xx → server (retry); any other 4xx → rejected (the request as such is refused, R16).
 * 409 is PostgREST's answer to a deadlock or serialization failure (40P01, 40001): transient, and the
 * sync RPCs never refuse a request with it, so it must not turn changes into rejected conflicts.
 */
export function createSupabaseSyncTransport(
  client: SupabaseClient,
  userId: string,
): SyncTransport & { close(): void } {
  const listeners = new Set<(poke: SyncPoke) => void>();
  let channel: RealtimeChannel | null = null;

  const emit = (poke: SyncPoke) => {
    for (const listener of [...listeners]) listener(poke);
  };

  async function call(fn: 'sync_push' | 'sync_pull', request: unknown, session: SyncSession) {
    // The engine never sends one user's outbox through another user's client (R30, R31).
    if (session.userId !== userId) {
      throw new TransportError('forbidden', `this transport belongs to another user (${fn})`);
    }
    const { data, error, status } = await client.rpc(fn, { request });
    if (!error) return data as unknown;
    const kind = status === 403 ? forbiddenKind(error.message) : errorKind(status);
    throw new TransportError(kind, `${fn}: ${error.message}`, status === 0 ? null : status);
  }

  function subscribe() {
    // Private channels are authorised with the user's access token (RLS on realtime.messages).
    void client.realtime.setAuth().catch(() => undefined);
    channel = client.channel(`user:${userId}`, { config: { private: true } });
    channel.on('broadcast', { event: 'poke' }, (message: { payload?: Record<string, unknown> }) => {
      const { version, ...page } = message.payload ?? {};
      // The commit's rows and its first clock (R27a), passed on as they came: the engine checks them.
      const rows = 'rows' in page ? { page } : {};
      emit({ version: typeof version === 'number' ? version : 0, ...rows });
    });
    // Every (re)subscription pokes too: pokes sent while the socket was down are lost, a pull is not.
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') emit({ version: 0 });
    });
  }

  return {
    push: (request, session) => call('sync_push', request, session),
    pull: (request, session) => call('sync_pull', request, session),
    onPoke(listener) {
      listeners.add(listener);
      if (!channel) subscribe();
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      if (channel) void client.removeChannel(channel);
      channel = null;
    },
  };
}

function errorKind(status: number) {
  if (status === 0) return 'network' as const;
  if (status === 401) return 'unauthorized' as const;
  if (status === 403) return 'forbidden' as const;
  if (status >= 400 && status < 500 && status !== 409 && status !== 429) return 'rejected' as const;
  return 'server' as const;
}
