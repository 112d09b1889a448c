import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const compress = promisify(gzip);

/** What a build holds, by extension; anything else is sent as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Fonts and pictures are compressed already; gzip would only cost time. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.wasm',
  '.txt',
  '.map',
]);

/** One file of the build as it is sent: its bytes, and their gzip once someone accepted it. */
export interface StaticFile {
  readonly contentType: string;
  readonly etag: string;
  readonly body: Buffer;
  /** null for a file that is not worth compressing. */
  gzipped(): Promise<Buffer | null>;
}

interface Entry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly file: StaticFile;
}

/**
 * A build's files as a production host sends them: read once and compressed once, not on every request,
 * so a server on the same machine as the browser it serves takes as little of its CPU as a host's
 * precompressed files would (docs/adr/0122). Each request still checks the file's size and time, so a
 * build copied over the served one (a deploy, in the update test) is served at once.
 */
export class StaticFiles {
  readonly #root: string;
  readonly #entries = new Map<string, Entry>();

  constructor(root: string) {
    this.#root = normalize(root);
  }

  /**
   * The file at a URL's path, or null when there is none (or the path leaves the build). A path that
   * cannot be decoded is no file.
   */
  async find(urlPath: string): Promise<StaticFile | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const full = normalize(join(this.#root, decoded));
    if (full !== this.#root && !full.startsWith(this.#root + sep)) return null;
    let info;
    try {
      info = await stat(full);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const known = this.#entries.get(full);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.file;
    const body = await readFile(full);
    const file = staticFile(full, body, info.mtimeMs);
    this.#entries.set(full, { mtimeMs: info.mtimeMs, size: info.size, file });
    return file;
  }
}

function staticFile(path: string, body: Buffer, mtimeMs: number): StaticFile {
  const extension = extname(path).toLowerCase();
  let gzipped: Promise<Buffer | null> | undefined;
  return {
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    etag: `W/"${body.length.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`,
    body,
    gzipped() {
      gzipped ??=
        COMPRESSIBLE.has(extension) && body.length > 1024
          ? compress(body, { level: 9 })
          : Promise.resolve(null);
      return gzipped;
    },
  };
}
