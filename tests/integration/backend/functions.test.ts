// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBackend } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';

const HELLO = `
Deno.serve(async (req: Request) => {
  const body = req.method === 'POST' ? await req.json() : {};
  return new Response(JSON.stringify({
    hello: body.name ?? 'world',
    method: req.method,
    path: new URL(req.url).pathname,
    authorized: (req.headers.get('authorization') ?? '').startsWith('Bearer '),
    supabaseUrl: Deno.env.get('SUPABASE_URL'),
  }), { headers: { 'Content-Type': 'application/json' } });
});
`;

const TEAPOT = `Deno.serve(() => new Response(JSON.stringify({ error: 'short and stout' }), { status: 418, headers: { 'Content-Type': 'application/json' } }));`;
const CRASH = `Deno.serve(() => { throw new Error('kaboom'); });`;

// Edge Functions do not touch the database, so one target is enough here.
describe('Edge Functions through supabase-js', () => {
  let backend: TestBackend;
  let functionsDir: string;

  beforeAll(async () => {
    functionsDir = mkdtempSync(join(tmpdir(), 'murmur-functions-'));
    for (const [name, source] of Object.entries({ hello: HELLO, teapot: TEAPOT, crash: CRASH })) {
      mkdirSync(join(functionsDir, name));
      writeFileSync(join(functionsDir, name, 'index.ts'), source);
    }
    backend = await startTestBackend('pglite', { functionsDir });
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
    rmSync(functionsDir, { recursive: true, force: true });
  });

  it('runs supabase/functions/<name>/index.ts with Deno.serve and Deno.env', async () => {
    const supabase = client(backend.url, backend.anonKey);
    const { data, error } = await supabase.functions.invoke('hello', { body: { name: 'Murmur' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      hello: 'Murmur',
      method: 'POST',
      path: '/hello',
      authorized: true,
      supabaseUrl: backend.url,
    });
    await supabase.auth.signUp({ email: uniqueEmail('fn'), password: 'secret123' });
    const signedIn = await supabase.functions.invoke('hello', { method: 'GET' });
    expect(signedIn.data).toMatchObject({ hello: 'world', method: 'GET' });
  });

  it('passes non-2xx answers through, and answers crashes, unknown functions and bad tokens', async () => {
    const supabase = client(backend.url, backend.anonKey);
    const teapot = await supabase.functions.invoke('teapot');
    expect(teapot.error?.name).toBe('FunctionsHttpError');
    expect(teapot.response?.status).toBe(418);
    const crash = await supabase.functions.invoke('crash');
    expect(crash.response?.status).toBe(500);
    const missing = await supabase.functions.invoke('nope');
    expect(missing.response?.status).toBe(404);
    const unauthorised = await fetch(`${backend.url}/functions/v1/hello`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: 'Bearer forged' },
    });
    expect(unauthorised.status).toBe(401);
    const noKey = await fetch(`${backend.url}/functions/v1/hello`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}` },
    });
    expect(noKey.status).toBe(401);
  });
});
