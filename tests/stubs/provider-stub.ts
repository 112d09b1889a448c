import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/** What a stub saw of one request: the auth headers and the multipart fields (files by name, type, size). */
export interface StubRequest {
  path: string;
  headers: Record<string, string>;
  fields: Record<string, string>;
  files: Record<string, { name: string; type: string; size: number }>;
}

export interface StubAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ProviderStub {
  url: string;
  requests: StubRequest[];
  /** The next answers, in order; after them the provider's documented success answer. */
  queue: StubAnswer[];
  close(): Promise<void>;
}

async function readRequest(request: IncomingMessage): Promise<StubRequest> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(',') : (value ?? ''),
    ]),
  );
  const body = Readable.toWeb(request) as ReadableStream<Uint8Array>;
  const parsed = new Request(`http://stub${request.url ?? '/'}`, {
    method: request.method ?? 'POST',
    headers,
    body,
    duplex: 'half',
  } as RequestInit);
  const fields: Record<string, string> = {};
  const files: StubRequest['files'] = {};
  for (const [name, value] of await parsed.formData()) {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = { name: value.name, type: value.type, size: value.size };
  }
  return { path: request.url ?? '/', headers, fields, files };
}

/**
 * A local HTTP server standing in for a paid transcription provider we cannot reach from here. It
 * follows that provider's documented request and answer formats (each stub says where); it is only a
 * test double and never part of Murmur.
 */
export async function startProviderStub(
  path: string,
  success: (request: StubRequest) => unknown,
  port = 0,
): Promise<ProviderStub> {
  const stub: ProviderStub = { url: '', requests: [], queue: [], close: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'GET' && request.url === '/health') {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
        return;
      }
      if (request.method !== 'POST' || request.url !== path) {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"detail":"Not Found"}');
        return;
      }
      const seen = await readRequest(request);
      stub.requests.push(seen);
      const answer = stub.queue.shift() ?? { status: 200, body: success(seen) };
      response
        .writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}
