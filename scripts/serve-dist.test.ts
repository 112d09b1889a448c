// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serveDist, type DistServer } from './serve-dist.ts';

const PAGE = '<!doctype html><title>Murmur</title>'.padEnd(2_000, ' ');
const SCRIPT = `export const murmur = ${JSON.stringify('x'.repeat(3_000))};`;

let dir = '';
let build = '';
let server: DistServer;

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { headers });
}

/** A request with its path sent exactly as written (fetch would resolve its dot segments first). */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    request(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'murmur-serve-dist-'));
  build = join(dir, 'dist');
  mkdirSync(join(build, 'assets'), { recursive: true });
  writeFileSync(join(build, 'index.html'), PAGE);
  writeFileSync(join(build, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(build, 'assets', 'entry-abc123.js'), SCRIPT);
  writeFileSync(join(build, 'assets', 'font-abc123.woff2'), Buffer.alloc(4_000, 7));
  writeFileSync(join(dir, 'secret.txt'), 'outside the build');
  server = await serveDist({ port: 0, outDir: build });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serveDist', () => {
  it('sends a hashed asset gzipped, cached for ever, with its type', async () => {
    const response = await fetch(`${server.url}/assets/entry-abc123.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('sends gzip that decodes to the file, the second time as the first', async () => {
    for (let time = 0; time < 2; time += 1) {
      const { encoding, body } = await raw('/assets/entry-abc123.js', { 'Accept-Encoding': 'gzip, deflate' });
      expect(encoding).toBe('gzip');
      expect(gunzipSync(body).toString()).toBe(SCRIPT);
    }
  });

  it('sends fonts as they are, and plain bytes to a client that takes no gzip', async () => {
    const font = await get('/assets/font-abc123.woff2', { 'Accept-Encoding': 'gzip' });
    expect(font.headers.get('content-encoding')).toBeNull();
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect((await font.arrayBuffer()).byteLength).toBe(4_000);
    const plain = await get('/assets/entry-abc123.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(SCRIPT)));
  });

  it('has index.html, sw.js and every route revalidated, so a deploy is seen', async () => {
    for (const path of ['/', '/notes', '/notes/3f2a', '/sw.js']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect(await (await get('/notes')).text()).toBe(PAGE);
  });

  it('answers a revalidation with 304 while the file is unchanged', async () => {
    const etag = (await get('/sw.js')).headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await get('/sw.js', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('serves a file copied over the served one at once (a deploy while the app is open)', async () => {
    const before = await (await get('/sw.js')).text();
    writeFileSync(join(build, 'sw.js'), 'self.addEventListener("install", () => { /* v2 */ });');
    utimesSync(join(build, 'sw.js'), new Date(), new Date(Date.now() + 5_000));
    const after = await (await get('/sw.js')).text();
    expect(after).not.toBe(before);
    expect(after).toContain('v2');
  });

  it('never sends a file from outside the build, and 404s a missing script asked for as a script', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%E0%A4%A',
    ]) {
      const response = await raw(path, { Accept: 'text/html' });
      expect(response.status, path).toBe(200);
      expect(response.body.toString(), path).toBe(PAGE);
    }
    expect((await get('/assets/missing.js', { Accept: 'application/javascript' })).status).toBe(404);
  });

  it('refuses a method that is not GET or HEAD', async () => {
    const response = await fetch(`${server.url}/index.html`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
