import type { IncomingMessage } from 'node:http';

import { ApiError } from './api-error.ts';

/**
 * Reads the whole request body, refusing more than `limit` bytes with 413 as soon as the limit is crossed
 * (by Content-Length up front, or while streaming), so a huge upload never sits in memory.
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new ApiError(413, { code: 'request_too_large', message: `Request body exceeds ${limit} bytes` });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume(); // drain so the socket can still carry the 413
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; `undefined` for an empty one. Throws SyntaxError for malformed JSON (callers map it). */
export function parseJsonBody(raw: Buffer): unknown {
  const text = raw.toString('utf8').trim();
  if (text === '') return undefined;
  return JSON.parse(text) as unknown;
}
