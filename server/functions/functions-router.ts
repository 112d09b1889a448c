import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { verifyJwt } from '../auth/jwt.ts';
import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { headerValue, jsonResponse } from '../http/api-request.ts';
import { installDenoShim, loadHandler } from './deno-shim.ts';
import { functionsWithoutJwt } from './function-settings.ts';
import type { FetchHandler } from './deno-shim.ts';

const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /functions/v1/<name>: runs supabase/functions/<name>/index.ts through the Deno shim. Like Supabase's default
 * (verify_jwt), the Authorization bearer must be a JWT signed with the project secret. A module is loaded once
 * and cached; restart the backend to pick up edits.
 */
export class FunctionsRouter {
  private readonly ctx: BackendContext;
  private readonly dir: string;
  private readonly handlers = new Map<string, Promise<FetchHandler | undefined>>();
  /** verify_jwt = false in supabase/config.toml (the functions folder's sibling). */
  private readonly open: Set<string>;

  constructor(ctx: BackendContext, dir: string) {
    this.ctx = ctx;
    this.dir = resolve(dir);
    this.open = functionsWithoutJwt(join(this.dir, '..', 'config.toml'));
    installDenoShim({
      SUPABASE_URL: ctx.apiUrl,
      SUPABASE_ANON_KEY: ctx.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.serviceRoleKey,
      SUPABASE_DB_URL: ctx.config.databaseUrl ?? '',
    });
  }

  /** Whether `path` (/<name>/…) is a function deployed with verify_jwt = false: no key, no JWT needed. */
  isOpen(path: string): boolean {
    return this.open.has(path.split('/').find((part) => part !== '') ?? '');
  }

  async route(request: ApiRequest): Promise<ApiResponse> {
    const [name = '', ...rest] = request.path.split('/').filter((part) => part !== '');
    const header = headerValue(request.headers, 'authorization');
    const token = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (!this.open.has(name) && (!token || !(await verifyJwt(token, this.ctx.config.jwtSecret)).ok))
      return jsonResponse(401, { code: 401, message: 'Invalid JWT', msg: 'Invalid JWT' });
    const file = join(this.dir, name, 'index.ts');
    if (!FUNCTION_NAME.test(name) || !existsSync(file) || !statSync(file).isFile()) {
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    let pending = this.handlers.get(name);
    if (!pending) {
      pending = loadHandler(pathToFileURL(file).href);
      this.handlers.set(name, pending);
      pending.catch(() => this.handlers.delete(name));
    }
    let handler: FetchHandler | undefined;
    try {
      handler = await pending;
    } catch (error) {
      console.error(`function ${name} failed to load: ${(error as Error).message}`);
      return jsonResponse(500, {
        code: 'BOOT_ERROR',
        message: 'Function failed to start (please check logs)',
      });
    }
    if (!handler)
      return jsonResponse(500, { code: 'BOOT_ERROR', message: 'Function did not call Deno.serve' });

    const url = new URL(`/${[name, ...rest].join('/')}${request.url.search}`, this.ctx.apiUrl);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers))
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body.length > 0;
    let response: Response;
    try {
      response = await handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? new Uint8Array(request.body) : null,
        }),
      );
    } catch (error) {
      console.error(`function ${name} threw: ${(error as Error).message}`);
      return jsonResponse(500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
    const out: Record<string, string> = {};
    response.headers.forEach((value, key) => (out[key] = value));
    return { status: response.status, headers: out, body: Buffer.from(await response.arrayBuffer()) };
  }
}
