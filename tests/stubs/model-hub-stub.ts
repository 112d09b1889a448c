// Stand-in for the Hugging Face hub (a service we cannot reach here), after its documented file
// route: GET or HEAD /{owner}/{model}/resolve/{revision}/{path} answers the file with its length, with
// CORS open to browsers, and a missing file with 404 "Entry not found" (X-Error-Code: EntryNotFound). It serves the tiny Whisper-shaped model of tests/fixtures/tiny-whisper (made
// by scripts/fixtures/make-tiny-whisper.py) under any model name; it is a test double, not Murmur.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export const TINY_WHISPER_DIR = join(import.meta.dirname, '..', 'fixtures', 'tiny-whisper');

export interface ModelHubStub {
  url: string;
  /** Every request, as `METHOD path`, in order. */
  requests: string[];
  close(): Promise<void>;
}

const FILE_ROUTE = /^\/[\w.-]+\/[\w.-]+\/resolve\/[\w.-]+\/(.+)$/;

export async function startModelHubStub(port = 0): Promise<ModelHubStub> {
  const requests: string[] = [];
  let missing = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Expose-Headers', 'Content-Length, ETag');
    // The stub's own routes (for the test runner) are not logged with the app's requests.
    if (path === '/health') {
      response.end('ok');
      return;
    }
    if (path === '/requests') {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(requests));
      return;
    }
    if (path === '/missing') {
      // Until called again without a file, downloads (GET) of this file answer as the hub does for a
      // missing one.
      missing = new URL(request.url ?? '/', 'http://stub').searchParams.get('file') ?? '';
      response.end('ok');
      return;
    }
    requests.push(`${request.method ?? 'GET'} ${path}`);
    const file = FILE_ROUTE.exec(path)?.[1];
    if (file && request.method === 'GET' && missing !== '' && decodeURIComponent(file) === missing) {
      response.statusCode = 404;
      response.setHeader('X-Error-Code', 'EntryNotFound');
      response.end('Entry not found');
      return;
    }
    const local = file ? normalize(join(TINY_WHISPER_DIR, decodeURIComponent(file))) : null;
    if (!local || !local.startsWith(TINY_WHISPER_DIR)) {
      response.statusCode = 404;
      response.end('Entry not found');
      return;
    }
    readFile(local).then(
      (body) => {
        response.setHeader('Content-Length', body.byteLength);
        response.setHeader('Content-Type', 'application/octet-stream');
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        response.statusCode = 404;
        response.end('Entry not found');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
