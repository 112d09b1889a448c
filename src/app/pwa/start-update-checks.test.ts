import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { startUpdateChecks, UPDATE_CHECK_INTERVAL_MS, type UpdateCheckDeps } from './start-update-checks.ts';

const HOUR = 60 * 60 * 1000;

function setup(
  overrides: { online?: boolean; installing?: boolean; status?: number; fetchFails?: boolean } = {},
) {
  let online = overrides.online ?? true;
  const registration = {
    installing: overrides.installing ? ({} as ServiceWorker) : null,
    update: vi.fn(async () => undefined),
  };
  const fetch = vi.fn(async () => {
    if (overrides.fetchFails) throw new TypeError('Failed to fetch');
    return { status: overrides.status ?? 200 };
  });
  const warn = vi.fn();
  const deps: UpdateCheckDeps = {
    registration: registration as unknown as UpdateCheckDeps['registration'],
    swUrl: '/sw.js',
    fetch,
    setInterval: (callback, ms) => setInterval(callback, ms),
    isOnline: () => online,
    warn,
  };
  startUpdateChecks(deps);
  return { registration, fetch, warn, goOffline: () => (online = false), goOnline: () => (online = true) };
}

describe('the hourly update check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every 60 minutes, not before', async () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(HOUR);
    const { registration, fetch } = setup();
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith('/sw.js', {
      cache: 'no-store',
      headers: { 'cache-control': 'no-cache' },
    });
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(registration.update).toHaveBeenCalledTimes(3);
  });

  it('skips while offline and resumes when back online', async () => {
    const { registration, fetch, goOffline, goOnline } = setup();
    goOffline();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetch).not.toHaveBeenCalled();
    expect(registration.update).not.toHaveBeenCalled();
    goOnline();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('skips while a new version is already installing', async () => {
    const { registration, fetch } = setup({ installing: true });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetch).not.toHaveBeenCalled();
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('does not ask the browser to update when the server does not answer with the worker', async () => {
    const { registration } = setup({ status: 503 });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('keeps checking after a failed request', async () => {
    const { registration, warn } = setup({ fetchFails: true });
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(registration.update).not.toHaveBeenCalled();
  });
});
