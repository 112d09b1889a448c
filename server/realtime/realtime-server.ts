import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';

import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { headerValue, jsonResponse } from '../http/api-request.ts';
import { parseJsonBody } from '../http/read-body.ts';
import { authorizeChannel } from './authorize-channel.ts';
import { channelKey, ChannelRegistry } from './channel-registry.ts';
import type { Channel } from './channel-registry.ts';
import { identifyToken } from './identify-token.ts';
import type { Identity } from './identify-token.ts';
import { decodeBinary, decodeText, encode } from './phoenix-frames.ts';
import type { PhoenixMessage } from './phoenix-frames.ts';
import { parseChangeFilter, PostgresChanges } from './postgres-changes.ts';
import type { ChangeBinding } from './postgres-changes.ts';

const SOCKET_PATH = /^(?:\/[^/]+)*?\/realtime\/v1\/websocket\/?$/;

/**
 * Realtime over Phoenix vsn 2.0.0 (wire contract §4): heartbeat, join/leave, access_token, broadcast (text and
 * binary pushes), broadcast from the database (realtime.send), presence, postgres_changes with per-subscriber RLS,
 * and private channels authorised by RLS on realtime.messages.
 */
export class RealtimeServer {
  private readonly ctx: BackendContext;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly registry = new ChannelRegistry();
  private readonly changes: PostgresChanges;
  private bindingSeq = 0;
  private unlistenBroadcasts: (() => Promise<void>) | undefined;

  constructor(ctx: BackendContext) {
    this.ctx = ctx;
    this.changes = new PostgresChanges(ctx.db);
  }

  async attach(server: Server): Promise<void> {
    await this.changes.start();
    this.unlistenBroadcasts = await this.ctx.db.listen('realtime_local_broadcast', (text) =>
      this.registry.deliverFromDatabase(text),
    );
    server.on(
      'upgrade',
      (request: IncomingMessage, socket: Duplex, head: Buffer) => void this.upgrade(request, socket, head),
    );
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    await this.unlistenBroadcasts?.();
    await this.changes.stop();
  }

  private identify(token: string | undefined): Promise<Identity> {
    return identifyToken(token, this.ctx.config.jwtSecret);
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
        if (!identity.ok) return this.closeChannel(channel, channels, send, identity.reason);
        channel.subscriber.role = identity.role;
        channel.subscriber.claims = identity.claims;
        this.armExpiry(channel, channels, send, identity.claims.exp);
        return;
      }
      case 'broadcast':
        if (!channel.canWrite) {
          if (channel.ack)
            reply('error', {
              reason: 'Unauthorized: You do not have permissions to write to this Channel topic',
            });
          return;
        }
        this.registry.broadcast(channel, message.payload);
        if (channel.ack) reply('ok', {});
        return;
      case 'presence':
        this.registry.track(channel, message.payload);
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
    const sub = message.topic.replace(/^realtime:/, '');
    const isPrivate = config.private === true;
    const permissions = isPrivate
      ? await authorizeChannel(this.ctx.db, { topic: sub, role: identity.role, claims: identity.claims })
      : { read: true, write: true };
    if (!permissions.read) {
      return reply('error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}`,
      });
    }
    const key = channelKey(message.topic, isPrivate);
    const existing = channels.get(message.topic);
    if (existing) this.leave(existing);

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
      key,
      canWrite: permissions.write,
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
    this.armExpiry(channel, channels, send, identity.claims.exp);
    this.registry.add(channel);
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
        payload: this.registry.presenceState(key),
      });
  }

  /**
   * POST /realtime/v1/api/broadcast `{messages: [{topic, event, payload, private}]}`: the REST fallback
   * `channel.send()` uses when not joined. Private messages need write permission under RLS; 202 either way.
   */
  async httpBroadcast(request: ApiRequest): Promise<ApiResponse> {
    if (request.path.replace(/\/+$/, '') !== '/api/broadcast')
      return jsonResponse(404, { message: 'Not found' });
    if (request.method !== 'POST') return jsonResponse(405, { message: 'Method not allowed' });
    const header = headerValue(request.headers, 'authorization');
    const token =
      (header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? headerValue(request.headers, 'apikey');
    const identity = await this.identify(token);
    if (!identity.ok) return jsonResponse(401, { message: identity.reason });
    let body: unknown;
    try {
      body = parseJsonBody(request.body);
    } catch {
      return jsonResponse(400, { message: 'Request body must be JSON' });
    }
    const messages = (body as { messages?: unknown } | undefined)?.messages;
    if (!Array.isArray(messages))
      return jsonResponse(400, { message: 'Request body must be {"messages": [...]}' });
    for (const message of messages as {
      topic?: unknown;
      event?: unknown;
      payload?: unknown;
      private?: unknown;
    }[]) {
      if (typeof message !== 'object' || message === null || typeof message.topic !== 'string') continue;
      if (message.private === true) {
        const permissions = await authorizeChannel(this.ctx.db, {
          topic: message.topic,
          role: identity.role,
          claims: identity.claims,
        });
        if (!permissions.write) continue;
      }
      this.registry.deliver(message);
    }
    return { status: 202 };
  }

  /** Ends a channel from the server side: a system error, then phx_close (Realtime's behaviour for bad tokens). */
  private closeChannel(
    channel: Channel,
    channels: Map<string, Channel>,
    send: (m: PhoenixMessage) => void,
    reason: string,
  ): void {
    if (channels.get(channel.topic) !== channel) return;
    const sub = channel.topic.replace(/^realtime:/, '');
    send({
      joinRef: null,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message: reason, channel: sub },
    });
    send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} });
    this.leave(channel);
    channels.delete(channel.topic);
  }

  /** Realtime shuts a channel down when its JWT expires. */
  private armExpiry(
    channel: Channel,
    channels: Map<string, Channel>,
    send: (m: PhoenixMessage) => void,
    exp: number | undefined,
  ): void {
    clearTimeout(channel.expiry);
    if (typeof exp !== 'number') return;
    const delay = Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1);
    channel.expiry = setTimeout(
      () => this.closeChannel(channel, channels, send, 'InvalidJWTToken: Token has expired'),
      Math.max(delay, 0),
    );
    channel.expiry.unref();
  }

  private leave(channel: Channel): void {
    clearTimeout(channel.expiry);
    this.changes.unsubscribe(channel.subscriber);
    this.registry.remove(channel);
  }
}
