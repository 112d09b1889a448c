import { describe, expect, it } from 'vitest';

import type { SyncSession } from '../../sync/transport.ts';
import { refreshSupabaseSession } from './refresh-supabase-session.ts';
import { SessionAuthPort } from './session-auth-port.ts';

const alice = (token: string): SyncSession => ({ userId: 'alice', accessToken: token });
/** No pacing: refreshes as fast as they are asked for. */
const unpaced = { minRefreshIntervalMs: 0, now: () => 0, sleep: async () => undefined };

describe('session port for the engine', () => {
  it('[R32] reports a new token or another user, and not the same session again', () => {
    const port = new SessionAuthPort(async () => null, alice('t1'));
    const heard: (SyncSession | null)[] = [];
    port.subscribe((session) => heard.push(session));
    port.set(alice('t1'));
    port.set(alice('t2'));
    port.set({ userId: 'bob', accessToken: 't3' });
    port.set(null);
    expect(heard).toEqual([alice('t2'), { userId: 'bob', accessToken: 't3' }, null]);
    expect(port.current()).toBeNull();
  });

  it('[R32] asks for one refresh however many callers hit a 401, and reports its session', async () => {
    let calls = 0;
    const port = new SessionAuthPort(async () => alice(`fresh-${++calls}`), alice('old'), unpaced);
    const heard: (SyncSession | null)[] = [];
    port.subscribe((session) => heard.push(session));
    await Promise.all([port.refresh(), port.refresh()]);
    expect(calls).toBe(1);
    expect(heard).toEqual([alice('fresh-1')]);
    await port.refresh();
    expect(calls).toBe(2);
  });

  it('[R32] refreshes at most every 30 s, so a server refusing every token cannot cause a storm', async () => {
    let clock = 1_000_000;
    const slept: number[] = [];
    const pacing = {
      minRefreshIntervalMs: 30_000,
      now: () => clock,
      sleep: async (ms: number) => {
        slept.push(ms);
        clock += ms;
      },
    };
    let calls = 0;
    const port = new SessionAuthPort(async () => alice(`fresh-${++calls}`), alice('old'), pacing);
    await port.refresh();
    clock += 5_000;
    await port.refresh();
    clock += 60_000;
    await port.refresh();
    expect(calls).toBe(3);
    expect(slept).toEqual([25_000]);
    expect(port.current()).toEqual(alice('fresh-3'));
  });

  it('[R32] a failed refresh keeps the session: nobody is signed out', async () => {
    const port = new SessionAuthPort(async () => null, alice('old'));
    await port.refresh();
    expect(port.current()).toEqual(alice('old'));
  });
});

describe('refreshing the supabase session for sync', () => {
  const session = { access_token: 'new', user: { id: 'alice' } };

  it('[R32] returns the refreshed session', async () => {
    const auth = { refreshSession: async () => ({ data: { session, user: session.user }, error: null }) };
    expect(await refreshSupabaseSession(auth as never)).toEqual(alice('new'));
  });

  it('[R32] a network failure or a refusal resolves to null and is reported, never thrown', async () => {
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const refused = {
        refreshSession: async () => ({
          data: { session: null, user: null },
          error: new Error('Invalid Refresh Token'),
        }),
      };
      const offline = {
        refreshSession: async () => {
          throw new TypeError('Failed to fetch');
        },
      };
      expect(await refreshSupabaseSession(refused as never)).toBeNull();
      expect(await refreshSupabaseSession(offline as never)).toBeNull();
      expect(warnings).toHaveLength(2);
    } finally {
      console.warn = original;
    }
  });
});
