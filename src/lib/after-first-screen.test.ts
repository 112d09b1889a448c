import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstScreen } from './after-first-screen.ts';
import { FIRST_SCREEN_MARK } from './first-screen-mark.ts';

afterEach(() => {
  performance.clearMarks(FIRST_SCREEN_MARK);
  vi.useRealTimers();
});

describe('afterFirstScreen', () => {
  it('waits for the first screen’s mark, not for the time limit', async () => {
    let done = false;
    const waiting = afterFirstScreen(60_000).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    performance.mark(FIRST_SCREEN_MARK);
    await waiting;
    expect(done).toBe(true);
  });

  it('resolves at once when the first screen is already on screen', async () => {
    performance.mark(FIRST_SCREEN_MARK);
    await afterFirstScreen(60_000);
  });

  it('gives up waiting after the time limit, for a start whose first screen is no Page', async () => {
    vi.useFakeTimers();
    let done = false;
    const waiting = afterFirstScreen(3_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    // Then the page's next idle moment.
    await vi.runAllTimersAsync();
    await waiting;
    expect(done).toBe(true);
  });
});
