import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

import { verifyJwt } from '../auth/jwt.ts';
import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { headerValue, jsonResponse } from '../http/api-request.ts';
import { denoBinary } from './deno-binary.ts';
import { functionsWithoutJwt } from './function-settings.ts';

const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Deno.serve's first line, on stderr: the port it bound (DENO_SERVE_ADDRESS asks for any free one). */
const LISTENING = /Listening on https?:\/\/[^\s]*:(\d+)\//;
/** A function that neither listens nor exits in this time is a boot error, not a hang. */
const START_TIMEOUT_MS = 30_000;
/** Hop-by-hop headers and ones fetch sets itself; the rest go to the function and back as they are. */
const REQUEST_HEADERS_DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);
// fetch decodes a compressed body (Deno.serve compresses on its own), so its encoding and length no longer apply.
const RESPONSE_HEADERS_DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

interface FunctionProcess {
  readonly child: ChildProcess;
  readonly port: number;
}

/** Every live function process of this Node process: none may outlive it, even when nobody called close(). */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;
/** Makes a function's Deno exit when its stdin (held open by this process) ends: when the backend is gone. */
const EXIT_WITH_PARENT = fileURLToPath(new URL('exit-with-parent.js', import.meta.url));

/**
 * /functions/v1/<name>: runs supabase/functions/<name>/index.ts under real Deno, as Supabase's Edge Runtime
 * does: one `deno run` per function, started on its first request and reused until it exits (the next
 * request starts it again), the request proxied to its Deno.serve. Like Supabase's default (verify_jwt),
 * the Authorization bearer must be a JWT signed with the project secret. Restart the backend (or the
 * function's process) to pick up edits.
 */
export class FunctionsRouter {
  private readonly ctx: BackendContext;
  private readonly dir: string;
  /** One start per function: concurrent first requests wait for the same process. */
  private readonly processes = new Map<string, Promise<FunctionProcess>>();
  /** Set (a value) or unset (undefined) on top of the backend's environment, as `supabase secrets set`. */
  private secrets: Record<string, string | undefined> = {};
  /** verify_jwt = false in supabase/config.toml (the functions folder's sibling). */
  private readonly open: Set<string>;
  private closed = false;

  constructor(ctx: BackendContext, dir: string) {
    this.ctx = ctx;
    this.dir = resolve(dir);
    this.open = functionsWithoutJwt(join(this.dir, '..', 'config.toml'));
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
    let running: FunctionProcess;
    try {
      running = await this.process(name, file);
    } catch (error) {
      console.error(`function ${name} failed to start: ${(error as Error).message}`);
      return jsonResponse(500, {
        code: 'BOOT_ERROR',
        message: 'Function failed to start (please check logs)',
      });
    }

    const url = `http://127.0.0.1:${running.port}/${[name, ...rest].join('/')}${request.url.search}`;
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers))
      if (value !== undefined && !REQUEST_HEADERS_DROPPED.has(key.toLowerCase()))
        headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body.length > 0;
    let status: number;
    let body: Buffer;
    const out: Record<string, string> = {};
    try {
      const response = await fetch(url, {
        method: request.method,
        headers,
        body: hasBody ? new Uint8Array(request.body) : null,
        redirect: 'manual',
      });
      status = response.status;
      response.headers.forEach((value, key) => {
        if (!RESPONSE_HEADERS_DROPPED.has(key)) out[key] = value;
      });
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      console.error(`function ${name} failed: ${(error as Error).message}`);
      return jsonResponse(500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
    return { status, headers: out, body };
  }

  /** Stops every function process and waits for them to exit. Requests after this get BOOT_ERROR. */
  async close(): Promise<void> {
    this.closed = true;
    await this.stopAll();
  }

  /**
   * As `supabase secrets set` / `unset`: each name gets the value, or loses it (undefined), on top of the
   * backend's environment. Running functions stop, so the next request starts them with the new values.
   */
  async setSecrets(secrets: Readonly<Record<string, string | undefined>>): Promise<void> {
    this.secrets = { ...this.secrets, ...secrets };
    await this.stopAll();
  }

  private async stopAll(): Promise<void> {
    const pending = [...this.processes.values()];
    this.processes.clear();
    await Promise.all(
      pending.map(async (starting) => {
        const running = await starting.catch(() => undefined);
        if (running) await stop(running.child);
      }),
    );
  }

  private process(name: string, file: string): Promise<FunctionProcess> {
    const current = this.processes.get(name);
    if (current) return current;
    const started = this.start(name, file);
    this.processes.set(name, started);
    const forget = () => {
      if (this.processes.get(name) === started) this.processes.delete(name);
    };
    started.then((running) => running.child.once('exit', forget), forget);
    return started;
  }

  private start(name: string, file: string): Promise<FunctionProcess> {
    if (this.closed) return Promise.reject(new Error('the backend is stopping'));
    const config = join(this.dir, 'deno.json');
    const args = [
      'run',
      // As `npm run typecheck:functions` (scripts/check-functions.ts): npm: imports from node_modules
      // exactly as pinned, anything else only from Deno's cache; nothing is downloaded.
      '--cached-only',
      '--node-modules-dir=manual',
      ...(existsSync(config) ? ['--config', config] : ['--no-config']),
      '--no-lock',
      '--allow-env',
      '--allow-net',
      '--preload',
      EXIT_WITH_PARENT,
      file,
    ];
    const env: Record<string, string | undefined> = { ...process.env, ...this.secrets };
    const child = spawn(denoBinary(), args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...env,
        SUPABASE_URL: this.ctx.apiUrl,
        SUPABASE_ANON_KEY: this.ctx.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: this.ctx.serviceRoleKey,
        SUPABASE_DB_URL: this.ctx.config.databaseUrl ?? '',
        DENO_NO_UPDATE_CHECK: '1',
        DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
        NO_COLOR: '1',
      },
    });
    track(child);
    return new Promise<FunctionProcess>((resolvePort, reject) => {
      let listening = false;
      const recent: string[] = [];
      const fail = (reason: string) => {
        if (listening) return;
        listening = true;
        clearTimeout(timer);
        const output = recent.length > 0 ? `\n${recent.join('\n')}` : '';
        reject(new Error(`${reason}${output}`));
      };
      const timer = setTimeout(() => {
        fail(`no "Listening on" within ${START_TIMEOUT_MS / 1000} s`);
        void stop(child);
      }, START_TIMEOUT_MS);
      const forward = (stream: NodeJS.ReadableStream, log: (line: string) => void) =>
        createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line: string) => {
          const port = listening ? undefined : LISTENING.exec(line)?.[1];
          if (port) {
            listening = true;
            clearTimeout(timer);
            resolvePort({ child, port: Number(port) });
            return;
          }
          if (!listening && recent.push(line) > 20) recent.shift();
          log(`[${name}] ${line}`);
        });
      if (child.stdout) forward(child.stdout, (line) => console.log(line));
      if (child.stderr) forward(child.stderr, (line) => console.error(line));
      child.once('error', (error) => fail(`deno could not be started: ${error.message}`));
      // 'close', not 'exit': by then the output that says why has been read.
      child.once('close', (code, signal) =>
        fail(`deno exited (${signal ?? `code ${code}`}) before Deno.serve was listening`),
      );
    });
  }
}

function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const child of live) child.kill('SIGKILL');
    });
  }
}

/** SIGTERM, then SIGKILL if it has not exited within 2 s. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 2_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}
