import type { WebSocket } from 'ws';

import type { Channel } from './channel-registry.ts';
import { joinChannel } from './join-channel.ts';
import { encode } from './phoenix-frames.ts';
import type { PhoenixMessage } from './phoenix-frames.ts';
import type { RealtimeHub } from './realtime-hub.ts';

export type Reply = (status: 'ok' | 'error', response: Record<string, unknown>) => void;

/** One WebSocket connection: its joined channels, keyed by topic, and the Phoenix events it sends. */
export class SocketSession {
  readonly hub: RealtimeHub;
  readonly ws: WebSocket;
  /** The apikey the socket connected with; a join without its own access_token runs as this key's role. */
  readonly apikey: string;
  readonly channels = new Map<string, Channel>();

  constructor(hub: RealtimeHub, ws: WebSocket, apikey: string) {
    this.hub = hub;
    this.ws = ws;
    this.apikey = apikey;
  }

  send(message: PhoenixMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encode(message));
  }

  async handle(message: PhoenixMessage): Promise<void> {
    const reply: Reply = (status, response) =>
      this.send({
        joinRef: message.joinRef,
        ref: message.ref,
        topic: message.topic,
        event: 'phx_reply',
        payload: { status, response },
      });
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return reply('ok', {});
    if (message.event === 'phx_join') return joinChannel(this, message, reply);
    const channel = this.channels.get(message.topic);
    if (!channel) return reply('error', { reason: 'unmatched topic' });
    switch (message.event) {
      case 'phx_leave':
        this.leave(channel);
        reply('ok', {});
        return;
      case 'access_token': {
        const token =
          typeof message.payload['access_token'] === 'string' ? message.payload['access_token'] : this.apikey;
        const identity = await this.hub.identify(token.startsWith('sb_') ? this.apikey : token);
        if (!identity.ok) return this.closeChannel(channel, identity.reason);
        channel.subscriber.role = identity.role;
        channel.subscriber.claims = identity.claims;
        this.armExpiry(channel, identity.claims.exp);
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
        this.hub.registry.broadcast(channel, message.payload);
        if (channel.ack) reply('ok', {});
        return;
      case 'presence':
        this.hub.registry.track(channel, message.payload);
        reply('ok', {});
        return;
      default:
        reply('error', { reason: `unknown event ${message.event.slice(0, 40)}` });
    }
  }

  /** Adds a joined channel (an earlier join of the same topic has left already). */
  add(channel: Channel): void {
    this.channels.set(channel.topic, channel);
    this.armExpiry(channel, channel.subscriber.claims.exp);
    this.hub.registry.add(channel);
    if (channel.subscriber.bindings.length > 0) this.hub.changes.subscribe(channel.subscriber);
  }

  /** Ends a channel from the server side: a system error, then phx_close (Realtime's behaviour for bad tokens). */
  closeChannel(channel: Channel, reason: string): void {
    if (this.channels.get(channel.topic) !== channel) return;
    const sub = channel.topic.replace(/^realtime:/, '');
    this.send({
      joinRef: null,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message: reason, channel: sub },
    });
    this.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} });
    this.leave(channel);
  }

  /** The socket closed: every channel leaves (and its presence goes). */
  closeAll(): void {
    for (const channel of this.channels.values()) this.leave(channel);
  }

  /** Realtime shuts a channel down when its JWT expires. */
  private armExpiry(channel: Channel, exp: number | undefined): void {
    clearTimeout(channel.expiry);
    if (typeof exp !== 'number') return;
    const delay = Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1);
    channel.expiry = setTimeout(
      () => this.closeChannel(channel, 'InvalidJWTToken: Token has expired'),
      Math.max(delay, 0),
    );
    channel.expiry.unref();
  }

  leave(channel: Channel): void {
    clearTimeout(channel.expiry);
    this.hub.changes.unsubscribe(channel.subscriber);
    this.hub.registry.remove(channel);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }
}
