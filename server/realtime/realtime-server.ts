import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';

import { verifyJwt } from '../auth/jwt.ts';
import type { JwtClaims } from '../auth/jwt.ts';
import type { BackendContext } from '../backend-context.ts';
import { decodeBinary, decodeText, encode } from './phoenix-frames.ts';
import type { PhoenixMessage } from './phoenix-frames.ts';
import { parseChangeFilter, PostgresChanges } from './postgres-changes.ts';
import type { ChangeBinding, ChangeSubscriber } from './postgres-changes.ts';

const SOCKET_PATH = /^(?:\/[^/]+)*?\/realtime\/v1\/websocket\/?$/;

interface Channel {
  readonly topic: string;
  readonly joinRef: string | null;
  readonly socket: WebSocket;
  readonly self: boolean;
  readonly ack: boolean;
  readonly presenceKey: string;
  readonly subscriber: ChangeSubscriber;
}

type Identity = { ok: true; role: string; claims: JwtClaims } | { ok: false; reason: string };

/**
 * Realtime over Phoenix vsn 2.0.0 (wire contract §4): heartbeat, join/leave, access_token, broadcast (text and
 * binary pushes), presence and postgres_changes with per-subscriber RLS. Private channels are not offered yet.
 */
export class RealtimeServer {
  private readonly ctx: BackendContext;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly topics = new Map<string, Set<Channel>>();
  private readonly presence = new Map<string, Map<string, Record<string, unknown>[]>>();
  private readonly changes: PostgresChanges;
  private bindingSeq = 0;

  constructor(ctx: BackendContext) {
    this.ctx = ctx;
    this.changes = new PostgresChanges(ctx.db);
  }

  async attach(server: Server): Promise<void> {
    await this.changes.start();
    server.on(
      'upgrade',
      (request: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(request, socket, head),
    );
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    await this.changes.stop();
  }

  private async identify(token: string | undefined): Promise<Identity> {
    if (!token) return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
    const verified = await verifyJwt(token, this.ctx.config.jwtSecret);
    if (!verified.ok)
      return {
        ok: false,
        reason:
          verified.reason === 'expired'
            ? 'InvalidJWTToken: Token has expired'
            : 'InvalidJWTToken: invalid token',
      };
    const { role, exp } = verified.claims;
    if (typeof role !== 'string' || typeof exp !== 'number')
      return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
    if (!['anon', 'authenticated', 'service_role'].includes(role))
      return { ok: false, reason: `InvalidJWTToken: role ${role} is not allowed` };
    return { ok: true, role, claims: verified.claims };
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const reject = (status: number, message: string) => {
      socket.end(
        `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Unauthorized'}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ error: message })}`,
      );
    };
    if (!SOCKET_PATH.test(url.pathname)) return reject(404, 'Not found');
    const apikey = url.searchParams.get('apikey') ?? undefined;
    const identity = await this.identify(apikey);
    if (!identity.ok || (identity.role !== 'anon' && identity.role !== 'service_role'))
      return reject(401, 'Invalid API key');
    this.wss.handleUpgrade(request, socket, head, (ws) => this.connected(ws, apikey ?? ''));
  }

  private connected(ws: WebSocket, apikey: string): void {
    const channels = new Map<string, Channel>();
    const send = (message: PhoenixMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(encode(message));
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      const message = isBinary ? decodeBinary(bytes) : decodeText(bytes.toString('utf8'));
      if (message)
        void this.handle(ws, channels, send, apikey, message).catch((error: unknown) =>
          console.error(`realtime: ${(error as Error).message}`),
        );
    });
    ws.on('close', () => {
      for (const channel of channels.values()) this.leave(channel);
      channels.clear();
    });
    ws.on('error', () => ws.terminate());
  }

  private async handle(
    ws: WebSocket,
    channels: Map<string, Channel>,
    send: (m: PhoenixMessage) => void,
    apikey: string,
    message: PhoenixMessage,
  ): Promise<void> {
    const reply = (status: 'ok' | 'error', response: Record<string, unknown>) =>
      send({
        joinRef: message.joinRef,
        ref: message.ref,
        topic: message.topic,
        event: 'phx_reply',
        payload: { status, response },
      });
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return reply('ok', {});
    if (message.event === 'phx_join') return this.join(ws, channels, send, apikey, message, reply);
    const channel = channels.get(message.topic);
    if (!channel) return reply('error', { reason: 'unmatched topic' });
    switch (message.event) {
      case 'phx_leave':
        this.leave(channel);
        channels.delete(message.topic);
        reply('ok', {});
        return;
      case 'access_token': {
        const token =
          typeof message.payload['access_token'] === 'string' ? message.payload['access_token'] : apikey;
        const identity = await this.identify(token.startsWith('sb_') ? apikey : token);
        if (!identity.ok) {
          const sub = message.topic.replace(/^realtime:/, '');
          send({
            joinRef: null,
            ref: null,
            topic: message.topic,
            event: 'system',
            payload: { extension: 'system', status: 'error', message: identity.reason, channel: sub },
          });
          send({
            joinRef: channel.joinRef,
            ref: null,
            topic: message.topic,
            event: 'phx_close',
            payload: {},
          });
          this.leave(channel);
          channels.delete(message.topic);
          return;
        }
        channel.subscriber.role = identity.role;
        channel.subscriber.claims = identity.claims;
        return;
      }
      case 'broadcast':
        this.broadcast(channel, message.payload);
        if (channel.ack) reply('ok', {});
        return;
      case 'presence':
        this.trackPresence(channel, message.payload);
        reply('ok', {});
        return;
      default:
        reply('error', { reason: `unknown event ${message.event.slice(0, 40)}` });
    }
  }

  private async join(
    ws: WebSocket,
    channels: Map<string, Channel>,
    send: (m: PhoenixMessage) => void,
    apikey: string,
    message: PhoenixMessage,
    reply: (status: 'ok' | 'error', response: Record<string, unknown>) => void,
  ): Promise<void> {
    const config = (message.payload['config'] ?? {}) as {
      broadcast?: { self?: boolean; ack?: boolean };
      presence?: { key?: string; enabled?: boolean };
      postgres_changes?: { event?: string; schema?: string; table?: string; filter?: string }[];
      private?: boolean;
    };
    const accessToken =
      typeof message.payload['access_token'] === 'string' &&
      !message.payload['access_token'].startsWith('sb_')
        ? message.payload['access_token']
        : apikey;
    const identity = await this.identify(accessToken);
    if (!identity.ok) return reply('error', { reason: identity.reason });
    if (config.private === true)
      return reply('error', {
        reason: 'Unauthorized: private channels are not supported by the local backend yet',
      });
    const existing = channels.get(message.topic);
    if (existing) this.leave(existing);

    const sub = message.topic.replace(/^realtime:/, '');
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const bindings: ChangeBinding[] = [];
    const echoed: Record<string, unknown>[] = [];
    let filterError: string | undefined;
    for (const params of requested) {
      this.bindingSeq += 1;
      const id = this.bindingSeq;
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
        await this.changes.prepare(schema, table);
      } catch (error) {
        filterError = (error as Error).message;
      }
    }
    const channel: Channel = {
      topic: message.topic,
      joinRef: message.joinRef,
      socket: ws,
      self: config.broadcast?.self === true,
      ack: config.broadcast?.ack === true,
      presenceKey: config.presence?.key || randomUUID(),
      subscriber: {
        bindings,
        role: identity.role,
        claims: identity.claims,
        deliver: (ids, data) =>
          send({
            joinRef: null,
            ref: null,
            topic: message.topic,
            event: 'postgres_changes',
            payload: { ids, data },
          }),
      },
    };
    channels.set(message.topic, channel);
    const members = this.topics.get(message.topic) ?? new Set<Channel>();
    members.add(channel);
    this.topics.set(message.topic, members);
    if (bindings.length > 0) this.changes.subscribe(channel.subscriber);
    reply('ok', { postgres_changes: echoed });
    if (requested.length > 0) {
      send({
        joinRef: null,
        ref: null,
        topic: message.topic,
        event: 'system',
        payload: filterError
          ? { extension: 'postgres_changes', status: 'error', message: filterError, channel: sub }
          : {
              extension: 'postgres_changes',
              status: 'ok',
              message: 'Subscribed to PostgreSQL',
              channel: sub,
            },
      });
    }
    if (config.presence?.enabled)
      send({
        joinRef: null,
        ref: null,
        topic: message.topic,
        event: 'presence_state',
        payload: this.presenceState(message.topic),
      });
  }

  private leave(channel: Channel): void {
    this.changes.unsubscribe(channel.subscriber);
    this.topics.get(channel.topic)?.delete(channel);
    this.untrack(channel);
  }

  private broadcast(sender: Channel, payload: Record<string, unknown>): void {
    const frame = encode({ joinRef: null, ref: null, topic: sender.topic, event: 'broadcast', payload });
    for (const member of this.topics.get(sender.topic) ?? []) {
      if ((member !== sender || sender.self) && member.socket.readyState === member.socket.OPEN)
        member.socket.send(frame);
    }
  }

  private presenceState(topic: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const [key, metas] of this.presence.get(topic) ?? []) state[key] = { metas };
    return state;
  }

  private pushPresenceDiff(
    topic: string,
    joins: Record<string, unknown>,
    leaves: Record<string, unknown>,
  ): void {
    const frame = encode({
      joinRef: null,
      ref: null,
      topic,
      event: 'presence_diff',
      payload: { joins, leaves },
    });
    for (const member of this.topics.get(topic) ?? [])
      if (member.socket.readyState === member.socket.OPEN) member.socket.send(frame);
  }

  private trackPresence(channel: Channel, payload: Record<string, unknown>): void {
    if (payload['event'] === 'untrack') return this.untrack(channel);
    const state = this.presence.get(channel.topic) ?? new Map<string, Record<string, unknown>[]>();
    this.presence.set(channel.topic, state);
    const left = state.get(channel.presenceKey);
    const meta = {
      ...((payload['payload'] as Record<string, unknown> | undefined) ?? {}),
      phx_ref: randomUUID(),
    };
    state.set(channel.presenceKey, [meta]);
    this.pushPresenceDiff(
      channel.topic,
      { [channel.presenceKey]: { metas: [meta] } },
      left ? { [channel.presenceKey]: { metas: left } } : {},
    );
  }

  private untrack(channel: Channel): void {
    const state = this.presence.get(channel.topic);
    const left = state?.get(channel.presenceKey);
    if (!state || !left) return;
    state.delete(channel.presenceKey);
    this.pushPresenceDiff(channel.topic, {}, { [channel.presenceKey]: { metas: left } });
  }
}
