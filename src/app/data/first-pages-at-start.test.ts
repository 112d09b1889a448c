import { describe, expect, it } from 'vitest';

import { appConfig } from '../../lib/config.ts';
import { sessionStorageKeyFor } from '../../lib/stored-session.ts';
import type { SyncWorkerRunner } from '../../lib/sync/create-sync-worker.ts';
import type { AuthPort } from '../../sync/ports.ts';
import {
  askFirstPagesAtStart,
  sessionAtStart,
  takeFirstPagesAskedAtStart,
  UNTAKEN_AFTER_MS,
} from './first-pages-at-start.ts';

const ANN = { userId: '0000aaaa-0000-7000-8000-000000000001', accessToken: 'token-of-ann' };
const BOB = '0000bbbb-0000-7000-8000-000000000002';

/** A stand-in for the sync worker's runner: only whether it was closed matters here. */
function fakeRunner() {
  const runner = { closed: false, close: () => (runner.closed = true) };
  return runner;
}

/** An ask that records the session it was given and answers with a runner. */
function recordingAsk() {
  const asks: { userId: string; session: ReturnType<AuthPort['current']> }[] = [];
  const runner = fakeRunner();
  const ask = (userId: string, auth: AuthPort) => {
    asks.push({ userId, session: auth.current() });
    return Promise.resolve(runner as unknown as SyncWorkerRunner);
  };
  return { asks, runner, ask };
}

/** Timers the test fires by hand. */
function manualTimers() {
  const pending: { at: number; run: () => void }[] = [];
  const setTimer = ((run: () => void, at: number) => {
    pending.push({ at, run });
    return pending.length as unknown as ReturnType<typeof setTimeout>;
  }) as unknown as typeof setTimeout;
  const clearTimer = ((handle: number) => {
    const entry = pending[handle - 1];
    if (entry) entry.run = () => undefined;
  }) as unknown as typeof clearTimeout;
  return { pending, setTimer, clearTimer, fireAll: () => pending.forEach((entry) => entry.run()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('first pages asked for at start', () => {
  it("hands the connection of the same user the pages asked for with the start's session, once", async () => {
    const { asks, runner, ask } = recordingAsk();
    const timers = manualTimers();
    askFirstPagesAtStart(ANN, ask, timers.setTimer);
    expect(asks).toEqual([{ userId: ANN.userId, session: ANN }]);

    const taken = takeFirstPagesAskedAtStart(ANN.userId, timers.clearTimer);
    expect(await taken).toBe(runner);
    expect(takeFirstPagesAskedAtStart(ANN.userId, timers.clearTimer)).toBeNull();
    timers.fireAll();
    await settle();
    expect(runner.closed).toBe(false);
  });

  it("closes pages asked for one account when another account's connection comes", async () => {
    const { runner, ask } = recordingAsk();
    const timers = manualTimers();
    askFirstPagesAtStart(ANN, ask, timers.setTimer);
    expect(takeFirstPagesAskedAtStart(BOB, timers.clearTimer)).toBeNull();
    await settle();
    expect(runner.closed).toBe(true);
  });

  it('closes pages nobody takes in time, and asks nothing without a session', async () => {
    const { asks, runner, ask } = recordingAsk();
    const timers = manualTimers();
    askFirstPagesAtStart(null, ask, timers.setTimer);
    expect(asks).toHaveLength(0);

    askFirstPagesAtStart(ANN, ask, timers.setTimer);
    expect(timers.pending.map((entry) => entry.at)).toEqual([UNTAKEN_AFTER_MS]);
    timers.fireAll();
    await settle();
    expect(runner.closed).toBe(true);
    expect(takeFirstPagesAskedAtStart(ANN.userId, timers.clearTimer)).toBeNull();
  });

  it('takes the session the first render shows as signed in: a fresh stored one', () => {
    const key = sessionStorageKeyFor(appConfig.supabaseUrl);
    const store = (expiresInSeconds: number) =>
      localStorage.setItem(
        key,
        JSON.stringify({
          access_token: ANN.accessToken,
          refresh_token: 'refresh-of-ann',
          expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
          user: { id: ANN.userId },
        }),
      );
    try {
      expect(sessionAtStart()).toBeNull();
      store(3_600);
      expect(sessionAtStart()).toEqual(ANN);
      // About to expire: supabase-js refreshes it first, and the connection asks with the new one.
      store(30);
      expect(sessionAtStart()).toBeNull();
    } finally {
      localStorage.removeItem(key);
    }
  });
});
