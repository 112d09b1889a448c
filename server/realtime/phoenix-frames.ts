/** A Phoenix message as realtime-js vsn 2.0.0 sends it: `[join_ref, ref, topic, event, payload]`. */
export interface PhoenixMessage {
  readonly joinRef: string | null;
  readonly ref: string | null;
  readonly topic: string;
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

const decoder = new TextDecoder();

/** Text frames are JSON arrays; undefined for anything malformed (the socket ignores it). */
export function decodeText(text: string): PhoenixMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
  const [joinRef, ref, topic, event, payload] = parsed as unknown[];
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  return {
    joinRef: typeof joinRef === 'string' ? joinRef : null,
    ref: typeof ref === 'string' ? ref : null,
    topic,
    event,
    payload: payload as Record<string, unknown>,
  };
}

/**
 * The binary "user broadcast push" (kind 3) realtime-js uses for `channel.send({type: 'broadcast'})`:
 * `[3, len(join_ref), len(ref), len(topic), len(event), len(meta), encoding]` then the fields and the payload.
 * It becomes a `broadcast` push with payload `{type, event, payload}`.
 */
export function decodeBinary(data: Uint8Array): PhoenixMessage | undefined {
  if (data.length < 7 || data[0] !== 3) return undefined;
  const lengths = [data[1] ?? 0, data[2] ?? 0, data[3] ?? 0, data[4] ?? 0, data[5] ?? 0];
  const encoding = data[6];
  let offset = 7;
  const fields = lengths.map((length) => {
    const field = decoder.decode(data.subarray(offset, offset + length));
    offset += length;
    return field;
  });
  if (offset > data.length) return undefined;
  const [joinRef = '', ref = '', topic = '', event = ''] = fields;
  const body = data.subarray(offset);
  let payload: unknown;
  if (encoding === 1) {
    try {
      payload = JSON.parse(decoder.decode(body));
    } catch {
      return undefined;
    }
  } else {
    payload = Array.from(body);
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload },
  };
}

export function encode(message: PhoenixMessage): string {
  return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
}
