// @vitest-environment node
import { connect } from 'node:net';

import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEVELOPMENT_JWT_SECRET } from '../../../server/config.ts';
import { startTestBackend, TARGETS } from './support/backend-targets.ts';
import type { TestBackend } from './support/backend-targets.ts';
import { client, uniqueEmail } from './support/clients.ts';

const secret = new TextEncoder().encode(DEVELOPMENT_JWT_SECRET);

function sign(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

describe.each(TARGETS)('bad input gets a clear 4xx and the server keeps serving on %s', (target) => {
  let backend: TestBackend;
  let userToken: string;

  beforeAll(async () => {
    backend = await startTestBackend(target);
    const { data } = await client(backend.url, backend.anonKey).auth.signUp({
      email: uniqueEmail(),
      password: 'secret123',
    });
    userToken = data.session?.access_token ?? '';
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
  });

  const request = (path: string, init: RequestInit = {}) =>
    fetch(`${backend.url}${path}`, {
      ...init,
      headers: {
        apikey: backend.anonKey,
        'content-type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    });

  it('answers malformed JSON with 400 in auth and REST shapes', async () => {
    const auth = await request('/auth/v1/signup', { method: 'POST', body: '{"email":' });
    expect(auth.status).toBe(400);
    expect(auth.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await auth.json()).toMatchObject({ code: 'bad_json' });
    const rest = await request('/rest/v1/kv', { method: 'POST', body: '[{"k":' });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'PGRST102', details: null, hint: null });
    const notObject = await request('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: '"just a string"',
    });
    expect(notObject.status).toBe(400);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const big = JSON.stringify({ k: 'big', v: 'x'.repeat(1024 * 1024 + 10) });
    for (const path of ['/rest/v1/kv', '/auth/v1/signup']) {
      const response = await request(path, { method: 'POST', body: big });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'request_too_large' });
    }
  });

  it('answers unknown routes with a JSON 404', async () => {
    const top = await fetch(`${backend.url}/nowhere`);
    expect(top.status).toBe(404);
    expect(await top.json()).toMatchObject({ code: 'not_found' });
    const auth = await request('/auth/v1/nowhere');
    expect(auth.status).toBe(404);
    const rest = await request('/rest/v1/a/b/c');
    expect(rest.status).toBe(404);
    expect(await rest.json()).toMatchObject({ code: 'PGRST125' });
    const method = await request('/auth/v1/signup', { method: 'DELETE' });
    expect(method.status).toBe(405);
  });

  it('answers malformed percent-encoding in a path and prototype names as input with 4xx, never 5xx', async () => {
    const rest = await request('/rest/v1/%ZZ');
    expect(rest.status).toBe(404);
    expect(await rest.json()).toMatchObject({ code: 'PGRST125' });
    const factor = await request('/auth/v1/factors/%ZZ', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(factor.status).toBe(400);
    for (const type of ['__proto__', 'constructor', 'toString']) {
      const verify = await request('/auth/v1/verify', {
        method: 'POST',
        body: JSON.stringify({ type, token_hash: 'x' }),
      });
      expect(verify.status, type).toBe(400);
      expect(await verify.json()).toMatchObject({ code: 'validation_failed' });
      const link = await request(`/auth/v1/verify?token=x&type=${type}`, { redirect: 'manual' });
      expect(link.status, type).toBeLessThan(500);
    }
  });

  it('answers bad filters, orders and limits with 400 PGRST100', async () => {
    for (const query of [
      'n=zz.1',
      'n=in.1,2',
      'or=(n.eq)',
      'or=n.eq.1',
      'order=n.sideways',
      'limit=abc',
      'select=other(*)',
      'n=is.maybe',
      'n=eq',
    ]) {
      const response = await request(`/rest/v1/kv?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ code: 'PGRST100' });
    }
    const injection = await request(`/rest/v1/kv?${encodeURIComponent('k"; drop table kv; --')}=eq.1`);
    expect(injection.status).toBe(400);
    expect((await request('/rest/v1/kv?k=eq.%27%3B%20drop%20table%20kv%3B%20--')).status).toBe(200);
    expect((await request('/rest/v1/kv')).status).toBe(200);
  });

  it('rejects expired, tampered, alg-none and role-escalating tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({
      sub: '00000000-0000-0000-0000-000000000001',
      role: 'authenticated',
      iat: now - 7200,
      exp: now - 3600,
    });
    const restExpired = await request('/rest/v1/kv', { headers: { authorization: `Bearer ${expired}` } });
    expect(restExpired.status).toBe(401);
    expect(await restExpired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    expect(restExpired.headers.get('www-authenticate')).toContain('invalid_token');
    const authExpired = await request('/auth/v1/user', { headers: { authorization: `Bearer ${expired}` } });
    expect(authExpired.status).toBe(403);
    expect(await authExpired.json()).toMatchObject({ code: 'bad_jwt' });

    const [header, payload, signature] = userToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        role: 'service_role',
      }),
    ).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;
    const restTampered = await request('/rest/v1/todos', {
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(restTampered.status).toBe(401);
    expect(await restTampered.json()).toMatchObject({ code: 'PGRST301' });
    expect(
      (await request('/auth/v1/user', { headers: { authorization: `Bearer ${tampered}` } })).status,
    ).toBe(403);

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role', exp: now + 3600 })).toString('base64url')}.`;
    expect((await request('/rest/v1/todos', { headers: { authorization: `Bearer ${none}` } })).status).toBe(
      401,
    );
    expect((await request('/auth/v1/user', { headers: { authorization: `Bearer ${none}` } })).status).toBe(
      403,
    );

    const superuser = await sign({ role: 'postgres', exp: now + 3600 });
    expect((await request('/rest/v1/kv', { headers: { authorization: `Bearer ${superuser}` } })).status).toBe(
      401,
    );
    expect((await request('/rest/v1/kv', { headers: { authorization: 'Bearer not-a-jwt' } })).status).toBe(
      401,
    );
    expect((await request('/auth/v1/user', { headers: { authorization: '' } })).status).toBe(401);
  });

  it('rejects a wrong or missing apikey, but serves email links without one', async () => {
    const wrongKey = await new SignJWT({ role: 'anon', exp: 1983812996 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    for (const key of [wrongKey, 'garbage']) {
      for (const path of ['/rest/v1/kv', '/auth/v1/settings']) {
        const response = await fetch(`${backend.url}${path}`, { headers: { apikey: key } });
        expect(response.status, path).toBe(401);
        expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
      }
    }
    const missing = await fetch(`${backend.url}/rest/v1/kv`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
    const link = await fetch(`${backend.url}/auth/v1/verify?token=x&type=signup`, { redirect: 'manual' });
    expect(link.status).toBe(303);
  });

  it('keeps racing sign-ups for one address in the 4xx range', async () => {
    const email = uniqueEmail('race');
    const statuses = await Promise.all(
      Array.from(
        { length: 5 },
        async () =>
          (
            await request('/auth/v1/signup', {
              method: 'POST',
              body: JSON.stringify({ email, password: 'secret123' }),
            })
          ).status,
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(4);
  });

  it('answers CORS preflights for every service, reflecting requested headers', async () => {
    const response = await fetch(`${backend.url}/rest/v1/kv`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, prefer, x-client-info',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
    expect(response.headers.get('access-control-allow-headers')).toBe('apikey, prefer, x-client-info');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });

  it('survives clients that disconnect mid-request and clients that send garbage', async () => {
    const { port } = new URL(backend.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /rest/v1/kv HTTP/1.1\r\nHost: x\r\napikey: ${backend.anonKey}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n[{"k":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    const garbage = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', () => resolve(received));
    });
    expect(garbage).toContain('400');
    const health = await fetch(`${backend.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect((await request('/rest/v1/kv?select=k')).status).toBe(200);
  });
});
