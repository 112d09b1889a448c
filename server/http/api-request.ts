import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** A request after routing: `path` is relative to its service prefix (e.g. `/token` under /auth/v1). */
export interface ApiRequest {
  readonly method: string;
  readonly url: URL;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Remote address, for per-IP rate limits. */
  readonly ip: string;
  readonly raw: IncomingMessage;
}

export interface ApiResponse {
  readonly status: number;
  /** Already-serialised body; absent for empty responses (204, HEAD). */
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string>;
}

export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  return {
    status,
    body: JSON.stringify(value),
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  };
}

/** A header's single value (the first when repeated). */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
