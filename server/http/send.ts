import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers supabase-js and browsers need to read (wire contract §6.1). */
const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Preference-Applied',
  'Location',
  'Content-Type',
  'X-Supabase-Api-Version',
  'x-relay-error',
  'x-sb-error-code',
  'X-Total-Count',
  // tus-js-client reads these from resumable-upload responses.
  'Upload-Offset',
  'Upload-Length',
  'Tus-Resumable',
].join(', ');

function corsHeaders(request: IncomingMessage): Record<string, string> {
  const requested = request.headers['access-control-request-headers'];
  return {
    'Access-Control-Allow-Origin': typeof request.headers.origin === 'string' ? request.headers.origin : '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      typeof requested === 'string' && requested.length < 2000
        ? requested
        : 'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, x-supabase-api-version, x-retry-count',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
}

/** Writes a complete response unless the client has already gone (a disconnect must never throw). */
export function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: string | Buffer | undefined,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  // A handler's own header (an Edge Function's CORS headers, say) replaces the gateway's whatever its
  // case: two Access-Control-Allow-Origin values make browsers refuse the response.
  const own = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const gateway = Object.entries(corsHeaders(request)).filter(([name]) => !own.has(name.toLowerCase()));
  response.writeHead(status, { ...Object.fromEntries(gateway), ...headers });
  response.end(request.method === 'HEAD' ? undefined : body);
}

export function sendJson(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  send(request, response, status, JSON.stringify(body), {
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
  });
}
