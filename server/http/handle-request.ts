import type { IncomingMessage, ServerResponse } from 'node:http';

import { OPEN_AUTH_ROUTES, routeAuth } from '../auth/auth-router.ts';
import { isDatabaseUnreachable } from '../db/is-database-unreachable.ts';
import type { BackendContext } from '../backend-context.ts';
import type { FunctionsRouter } from '../functions/functions-router.ts';
import type { RealtimeServer } from '../realtime/realtime-server.ts';
import { routeRest } from '../rest/rest-router.ts';
import type { StorageRouter } from '../storage/storage-router.ts';
import { isOpenStoragePath } from '../storage/storage-router.ts';
import { ApiError } from './api-error.ts';
import type { ApiRequest, ApiResponse } from './api-request.ts';
import { checkApiKey } from './check-api-key.ts';
import { routeMailbox } from './mailbox-routes.ts';
import { readBody } from './read-body.ts';
import { send, sendJson } from './send.ts';

/** Largest body an Edge Function receives: a 25 MB recording plus its multipart framing. */
const FUNCTION_BODY_BYTES = 27 * 1024 * 1024;

// supabase-js resolves each service relative to the base URL, so a path prefix before /<service>/v1 is allowed.
const SERVICE_PATH = /^(?:\/[^/]+)*?\/(auth|rest|realtime|functions|storage)\/v1(\/.*)?$/;

type Service = 'auth' | 'rest' | 'functions' | 'realtime' | 'storage' | 'mailbox';

function route(pathname: string): { service: Service; path: string } | undefined {
  if (pathname === '/mailbox' || pathname.startsWith('/mailbox/'))
    return { service: 'mailbox', path: pathname.slice('/mailbox'.length) };
  const match = SERVICE_PATH.exec(pathname);
  if (
    match?.[1] === 'auth' ||
    match?.[1] === 'rest' ||
    match?.[1] === 'functions' ||
    match?.[1] === 'realtime' ||
    match?.[1] === 'storage'
  )
    return { service: match[1], path: match[2] ?? '/' };
  return undefined;
}

/**
 * The single entry point for HTTP. Invariant: every request gets exactly one response (or none when the
 * client has gone), client mistakes are 4xx JSON, and nothing a request does can take the process down.
 */
export function createRequestHandler(
  ctx: BackendContext,
  functions: FunctionsRouter,
  realtime: RealtimeServer,
  storage: StorageRouter,
): (raw: IncomingMessage, res: ServerResponse) => void {
  return (raw, res) => {
    void handle(ctx, functions, realtime, storage, raw, res).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      // Any service (auth, storage, the sync functions) meets a database outage the same way: retry later.
      if (isDatabaseUnreachable(error)) {
        console.error(`request failed, database unreachable: ${reason}`);
        sendJson(
          raw,
          res,
          503,
          { code: 'database_unavailable', message: 'The database is unavailable. Retry shortly.' },
          { 'Retry-After': '1' },
        );
        return;
      }
      console.error(`request failed: ${reason}`);
      sendJson(raw, res, 500, { code: 'unexpected_failure', message: 'Internal server error' });
    });
  };
}

async function handle(
  ctx: BackendContext,
  functions: FunctionsRouter,
  realtime: RealtimeServer,
  storage: StorageRouter,
  raw: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw.url ?? '/', 'http://localhost');
  } catch {
    sendJson(raw, res, 400, { code: 'bad_request', message: 'Malformed request URL' });
    return;
  }
  const method = (raw.method ?? 'GET').toUpperCase();
  if (method === 'OPTIONS') {
    send(raw, res, 204, undefined);
    return;
  }
  const found = route(url.pathname);
  // With MAILBOX=off there is no mailbox at all, not a closed one.
  const target = found?.service === 'mailbox' && !ctx.config.mailbox ? undefined : found;
  if (!target) {
    sendJson(raw, res, 404, {
      code: 'not_found',
      message: `No route for ${method} ${url.pathname.slice(0, 200)}`,
    });
    return;
  }
  try {
    // Edge Functions take recordings (the transcribe function checks its own 25 MB limit); Storage bodies
    // are audio and other files, and one chunk of a resumable upload may be several MiB.
    const limit =
      target.service === 'functions'
        ? Math.max(ctx.config.maxBodyBytes, FUNCTION_BODY_BYTES)
        : target.service === 'storage'
          ? ctx.config.storageMaxUploadBytes
          : ctx.config.maxBodyBytes;
    const body = await readBody(raw, limit);
    const request: ApiRequest = {
      method,
      url,
      path: target.path,
      headers: raw.headers,
      body,
      ip: raw.socket.remoteAddress ?? 'unknown',
      raw,
    };
    const needsKey =
      target.service === 'rest' ||
      (target.service === 'functions' && !functions.isOpen(target.path)) ||
      target.service === 'realtime' ||
      (target.service === 'storage' && !isOpenStoragePath(method, target.path)) ||
      (target.service === 'auth' && !OPEN_AUTH_ROUTES.has(target.path.replace(/\/+$/, '')));
    if (needsKey) await checkApiKey(ctx, request);
    const response: ApiResponse =
      target.service === 'auth'
        ? await routeAuth(ctx, request)
        : target.service === 'rest'
          ? await routeRest(ctx, request)
          : target.service === 'functions'
            ? await functions.route(request)
            : target.service === 'realtime'
              ? await realtime.httpBroadcast(request)
              : target.service === 'storage'
                ? await storage.route(request)
                : await routeMailbox(ctx, request);
    send(raw, res, response.status, response.body, response.headers);
  } catch (error) {
    if (error instanceof ApiError) {
      sendJson(raw, res, error.status, error.body, error.headers);
      return;
    }
    // The request stream itself is destroyed once fully read, so only the socket tells whether the client left.
    if (res.destroyed || raw.socket.destroyed || (error as { code?: unknown }).code === 'ECONNRESET') return;
    throw error;
  }
}
