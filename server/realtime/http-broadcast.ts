import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { headerValue, jsonResponse } from '../http/api-request.ts';
import { parseJsonBody } from '../http/read-body.ts';
import { authorizeChannel } from './authorize-channel.ts';
import type { RealtimeHub } from './realtime-hub.ts';

const BATCH = /^\/api\/broadcast\/?$/;
const SINGLE = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/;

interface BroadcastMessage {
  topic?: unknown;
  event?: unknown;
  payload?: unknown;
  private?: unknown;
}

function bearerOrApikey(request: ApiRequest): string | undefined {
  const header = headerValue(request.headers, 'authorization');
  return (
    (header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? headerValue(request.headers, 'apikey')
  );
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Realtime's REST broadcast, both forms supabase-js uses:
 * - POST /api/broadcast `{messages: [{topic, event, payload, private}]}`: the fallback of `channel.send()` when
 *   the channel has not joined. Private messages the caller may not write (RLS on realtime.messages) are
 *   dropped; 202 either way, as Realtime answers.
 * - POST /api/broadcast/<topic>/events/<event>[?private=true] with the payload as the JSON body:
 *   `channel.httpSend()`. 202 when delivered, 403 when RLS refuses a private write. `persist` is accepted but
 *   nothing is stored for replay (the local backend has no message replay), and binary payloads are refused
 *   with 415 because subscribers here only receive JSON frames.
 */
export async function httpBroadcast(hub: RealtimeHub, request: ApiRequest): Promise<ApiResponse> {
  const single = SINGLE.exec(request.path);
  if (!single && !BATCH.test(request.path)) return jsonResponse(404, { message: 'Not found' });
  if (request.method !== 'POST') return jsonResponse(405, { message: 'Method not allowed' });
  const identity = await hub.identify(bearerOrApikey(request));
  if (!identity.ok) return jsonResponse(401, { message: identity.reason });
  const mayWrite = async (topic: string) =>
    (await authorizeChannel(hub.ctx.db, { topic, role: identity.role, claims: identity.claims })).write;

  if (single) {
    const topic = decode(single[1] ?? '');
    const event = decode(single[2] ?? '');
    if (!topic || !event) return jsonResponse(400, { error: 'Malformed topic or event in the path' });
    const contentType = headerValue(request.headers, 'content-type') ?? '';
    if (contentType.startsWith('application/octet-stream'))
      return jsonResponse(415, { error: 'Binary broadcast payloads are not supported by the local backend' });
    let payload: unknown;
    try {
      payload = parseJsonBody(request.body);
    } catch {
      return jsonResponse(400, { error: 'Request body must be JSON' });
    }
    if (payload === undefined) return jsonResponse(400, { error: 'A payload is required' });
    const isPrivate = request.url.searchParams.get('private') === 'true';
    if (isPrivate && !(await mayWrite(topic)))
      return jsonResponse(403, {
        error: 'Unauthorized: You do not have permissions to write to this Channel topic',
      });
    hub.registry.deliver({ topic, event, payload, private: isPrivate });
    return { status: 202 };
  }

  let body: unknown;
  try {
    body = parseJsonBody(request.body);
  } catch {
    return jsonResponse(400, { message: 'Request body must be JSON' });
  }
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages))
    return jsonResponse(400, { message: 'Request body must be {"messages": [...]}' });
  for (const message of messages as BroadcastMessage[]) {
    if (typeof message !== 'object' || message === null || typeof message.topic !== 'string') continue;
    if (message.private === true && !(await mayWrite(message.topic))) continue;
    hub.registry.deliver(message);
  }
  return { status: 202 };
}
