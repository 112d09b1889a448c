import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { StaticFiles, type StaticFile } from './static-files.ts';

export interface DistServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Hashed assets never change and may be cached for ever; everything else (index.html, sw.js, the
 * manifest) must be revalidated, or a deployed update is never seen (pwa-testing-perf §1.9).
 */
function cacheControl(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A navigation (or a client that takes anything) gets the app's page for a path that is no file. */
function takesThePage(request: IncomingMessage): boolean {
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

async function send(request: IncomingMessage, response: ServerResponse, file: StaticFile, cache: string) {
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Cache-Control', cache);
  response.setHeader('ETag', file.etag);
  response.setHeader('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.etag) {
    response.writeHead(304).end();
    return;
  }
  const gzipped = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') ? await file.gzipped() : null;
  const body = gzipped ?? file.body;
  if (gzipped) response.setHeader('Content-Encoding', 'gzip');
  response.setHeader('Content-Length', body.length);
  response.writeHead(200);
  response.end(request.method === 'HEAD' ? undefined : body);
}

async function answer(files: StaticFiles, request: IncomingMessage, response: ServerResponse) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const file = await files.find(path === '/' ? '/index.html' : path);
  if (file) return send(request, response, file, cacheControl(path));
  const page = takesThePage(request) ? await files.find('/index.html') : null;
  if (page) return send(request, response, page, 'no-cache');
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

/**
 * Serves a production build the way a static host does: every path that is no file gets the app's page
 * (the router decides), and each file is read and gzipped once, not on every request (docs/adr/0122).
 */
export async function serveDist(options: { port: number; outDir?: string }): Promise<DistServer> {
  const files = new StaticFiles(options.outDir ?? 'dist');
  const server = createServer((request, response) => {
    answer(files, request, response).catch((error: unknown) => {
      console.error('serve-dist: a request failed', error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env['PORT'] ?? 4173);
  const server = await serveDist({ port, outDir: process.env['MURMUR_OUT_DIR'] });
  console.log(`App URL: ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
