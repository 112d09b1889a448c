import { randomUUID } from 'node:crypto';

import { authorizeChannel } from './authorize-channel.ts';
import { channelKey } from './channel-registry.ts';
import type { Channel } from './channel-registry.ts';
import type { PhoenixMessage } from './phoenix-frames.ts';
import { parseChangeFilter } from './postgres-changes.ts';
import type { ChangeBinding } from './postgres-changes.ts';
import type { Reply, SocketSession } from './socket-session.ts';

interface JoinConfig {
  broadcast?: { self?: boolean; ack?: boolean };
  presence?: { key?: string; enabled?: boolean };
  postgres_changes?: { event?: string; schema?: string; table?: string; filter?: string }[];
  private?: boolean;
}

/**
 * phx_join: identifies the joiner (its own access_token, else the socket's apikey), authorises private topics
 * by RLS on realtime.messages, registers the postgres_changes bindings and answers as Realtime does — the
 * reply echoes the bindings with their ids, then a `system` push says whether PostgreSQL subscription worked,
 * then the presence state when presence is enabled.
 */
export async function joinChannel(
  session: SocketSession,
  message: PhoenixMessage,
  reply: Reply,
): Promise<void> {
  const { hub } = session;
  const config = (message.payload['config'] ?? {}) as JoinConfig;
  const accessToken =
    typeof message.payload['access_token'] === 'string' && !message.payload['access_token'].startsWith('sb_')
      ? message.payload['access_token']
      : session.apikey;
  const identity = await hub.identify(accessToken);
  if (!identity.ok) return reply('error', { reason: identity.reason });
  const sub = message.topic.replace(/^realtime:/, '');
  const isPrivate = config.private === true;
  const permissions = isPrivate
    ? await authorizeChannel(hub.ctx.db, { topic: sub, role: identity.role, claims: identity.claims })
    : { read: true, write: true };
  if (!permissions.read) {
    return reply('error', {
      reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}`,
    });
  }
  const key = channelKey(message.topic, isPrivate);
  const existing = session.channels.get(message.topic);
  if (existing) session.leave(existing);

  const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
  const bindings: ChangeBinding[] = [];
  const echoed: Record<string, unknown>[] = [];
  let filterError: string | undefined;
  for (const params of requested) {
    const id = hub.nextBindingId();
    echoed.push({ ...params, id });
    try {
      const schema = params.schema ?? 'public';
      const table = params.table ?? '*';
      bindings.push({
        id,
        event: params.event ?? '*',
        schema,
        table,
        filter: parseChangeFilter(params.filter),
      });
      await hub.changes.prepare(schema, table);
    } catch (error) {
      filterError = (error as Error).message;
    }
  }
  const channel: Channel = {
    topic: message.topic,
    joinRef: message.joinRef,
    key,
    canWrite: permissions.write,
    socket: session.ws,
    self: config.broadcast?.self === true,
    ack: config.broadcast?.ack === true,
    presenceKey: config.presence?.key || randomUUID(),
    subscriber: {
      bindings,
      role: identity.role,
      claims: identity.claims,
      deliver: (ids, data) =>
        session.send({
          joinRef: null,
          ref: null,
          topic: message.topic,
          event: 'postgres_changes',
          payload: { ids, data },
        }),
    },
  };
  session.add(channel);
  reply('ok', { postgres_changes: echoed });
  if (requested.length > 0) {
    session.send({
      joinRef: null,
      ref: null,
      topic: message.topic,
      event: 'system',
      payload: filterError
        ? { extension: 'postgres_changes', status: 'error', message: filterError, channel: sub }
        : { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: sub },
    });
  }
  if (config.presence?.enabled)
    session.send({
      joinRef: null,
      ref: null,
      topic: message.topic,
      event: 'presence_state',
      payload: hub.registry.presenceState(key),
    });
}
