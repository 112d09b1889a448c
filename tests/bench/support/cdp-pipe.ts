import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

interface Pending {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
  method: string;
}

/** A Chrome DevTools Protocol connection over --remote-debugging-pipe, with nothing enabled unasked. */
export interface CdpPipe {
  send(
    method: string,
    params?: Record<string, unknown>,
    sessionId?: string,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * Starts `executable` with `args` and speaks CDP to it over the pipe Chromium opens on fds 3 and 4
 * (messages separated by NUL). Unlike Playwright, it enables no domain on any target: a page it opens
 * runs with no Network, Runtime or Page agent listening unless a caller asks for one.
 */
export function openCdpPipe(executable: string, args: readonly string[]): CdpPipe {
  const child: ChildProcess = spawn(executable, [...args, '--remote-debugging-pipe'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let buffered = '';
  let exited = false;
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\0');
    while (end >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as {
        id?: number;
        result?: Record<string, unknown>;
        error?: { message: string };
      };
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      if (message.id === undefined) continue;
      const waiting = pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result ?? {});
    }
  });
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      for (const waiting of pending.values()) waiting.reject(new Error(`${waiting.method}: browser exited`));
      pending.clear();
      resolve();
    });
  });
  const send: CdpPipe['send'] = (method, params = {}, sessionId) => {
    if (exited) return Promise.reject(new Error(`${method}: browser exited`));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  };
  return {
    send,
    async close() {
      if (exited) return;
      send('Browser.close').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}
