import type { WebSocket } from 'ws';

import { encode } from './phoenix-frames.ts';
import type { ChangeSubscriber } from './postgres-changes.ts';
import { PresenceRegistry } from './presence-registry.ts';

/** One socket's membership of one topic. */
export interface Channel {
  readonly topic: string;
  readonly joinRef: string | null;
  /** Public and private channels of one name are separate topics, as on Supabase. */
  readonly key: string;
  /** Private channels may only broadcast when RLS on realtime.messages allows inserts. */
  readonly canWrite: boolean;
  readonly socket: WebSocket;
  readonly self: boolean;
  readonly ack: boolean;
  readonly presenceKey: string;
  readonly subscriber: ChangeSubscriber;
  /** Closes the channel when its token expires (re-armed on every access_token update). */
  expiry?: ReturnType<typeof setTimeout> | undefined;
}

export function channelKey(topic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}|${topic}`;
}

/** Who listens on which topic, and the fan-out of broadcasts and presence to them. */
export class ChannelRegistry {
  private readonly topics = new Map<string, Set<Channel>>();
  private readonly presence = new PresenceRegistry();

  add(channel: Channel): void {
    const members = this.topics.get(channel.key) ?? new Set<Channel>();
    members.add(channel);
    this.topics.set(channel.key, members);
  }

  remove(channel: Channel): void {
    const members = this.topics.get(channel.key);
    members?.delete(channel);
    if (members?.size === 0) this.topics.delete(channel.key);
    this.untrack(channel);
  }

  presenceState(key: string): Record<string, { metas: Record<string, unknown>[] }> {
    return this.presence.state(key);
  }

  /** To every other member, and to the sender too when it joined with `broadcast.self`. */
  broadcast(sender: Channel, payload: Record<string, unknown>): void {
    this.send(
      sender.key,
      encode({ joinRef: null, ref: null, topic: sender.topic, event: 'broadcast', payload }),
      sender.self ? undefined : sender,
    );
  }

  /** A committed realtime.send() from SQL (a NOTIFY payload): to the topic's private or public members. */
  deliverFromDatabase(text: string): void {
    let message: { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    this.deliver(message);
  }

  /** A server-side broadcast (database or REST) of `event` on a sub-topic such as `room1`. */
  deliver(message: { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown }): void {
    if (typeof message.topic !== 'string' || typeof message.event !== 'string') return;
    const topic = `realtime:${message.topic}`;
    const payload = { type: 'broadcast', event: message.event, payload: message.payload ?? {} };
    this.send(
      channelKey(topic, message.private === true),
      encode({ joinRef: null, ref: null, topic, event: 'broadcast', payload }),
    );
  }

  track(channel: Channel, payload: Record<string, unknown>): void {
    if (payload['event'] === 'untrack') return this.untrack(channel);
    const meta = (payload['payload'] as Record<string, unknown> | undefined) ?? {};
    this.pushPresenceDiff(channel, this.presence.track(channel.key, channel.presenceKey, meta));
  }

  private untrack(channel: Channel): void {
    this.pushPresenceDiff(channel, this.presence.untrack(channel.key, channel.presenceKey));
  }

  private pushPresenceDiff(
    channel: Channel,
    diff: { joins: Record<string, unknown>; leaves: Record<string, unknown> } | undefined,
  ): void {
    if (diff)
      this.send(
        channel.key,
        encode({ joinRef: null, ref: null, topic: channel.topic, event: 'presence_diff', payload: diff }),
      );
  }

  private send(key: string, frame: string, except?: Channel): void {
    for (const member of this.topics.get(key) ?? []) {
      if (member !== except && member.socket.readyState === member.socket.OPEN) member.socket.send(frame);
    }
  }
}
