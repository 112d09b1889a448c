import { register } from 'node:module';

/**
 * The slice of the Deno runtime Supabase Edge Functions use at their top level: `Deno.serve(handler)` and
 * `Deno.env`. While a function module is being imported, `Deno.serve` hands its handler to the loader that is
 * importing it; loads are serialised, so each handler lands with the right function.
 */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

let capture: ((handler: FetchHandler) => void) | undefined;
const functionEnv = new Map<string, string>();

function serve(first: unknown, second?: unknown): { finished: Promise<void>; shutdown(): Promise<void> } {
  const handler = (
    typeof first === 'function'
      ? first
      : typeof second === 'function'
        ? second
        : (first as { handler?: unknown } | undefined)?.handler
  ) as FetchHandler | undefined;
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  if (!capture)
    throw new Error('Deno.serve may only be called while the local backend loads an Edge Function');
  capture(handler);
  return { finished: new Promise(() => undefined), shutdown: async () => undefined };
}

const env = {
  get: (key: string): string | undefined => functionEnv.get(key) ?? process.env[key],
  set: (key: string, value: string): void => void functionEnv.set(key, value),
  has: (key: string): boolean => functionEnv.has(key) || key in process.env,
  delete: (key: string): void => void functionEnv.delete(key),
  toObject: (): Record<string, string> => ({
    ...(process.env as Record<string, string>),
    ...Object.fromEntries(functionEnv),
  }),
};

let hooksRegistered = false;

/**
 * Installs `globalThis.Deno` once (unless a real Deno is present), the `npm:` specifier hooks, and sets
 * the variables functions read.
 */
export function installDenoShim(variables: Record<string, string>): void {
  for (const [key, value] of Object.entries(variables)) functionEnv.set(key, value);
  const global = globalThis as { Deno?: unknown };
  global.Deno ??= { serve, env };
  if (!hooksRegistered) {
    hooksRegistered = true;
    register(new URL('./npm-specifier-hooks.ts', import.meta.url));
  }
}

let loading: Promise<unknown> = Promise.resolve();

/** Imports `moduleUrl` and returns the handler it registered with Deno.serve (undefined if it registered none). */
export function loadHandler(moduleUrl: string): Promise<FetchHandler | undefined> {
  const result = loading.then(async () => {
    let registered: FetchHandler | undefined;
    capture = (handler) => {
      registered = handler;
    };
    try {
      await import(moduleUrl);
    } finally {
      capture = undefined;
    }
    return registered;
  });
  loading = result.catch(() => undefined);
  return result;
}
