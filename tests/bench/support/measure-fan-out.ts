import type { RealtimeChannel } from '@supabase/supabase-js';

/** A way to make subscribers listen, and a write that should reach every one of them. */
export interface FanOutScenario {
  /** Attaches the listener to one subscriber's channel; it must call `received(key)` per delivery. */
  listen(channel: RealtimeChannel, received: (key: string) => void): RealtimeChannel;
  /** Performs write number `key` through the database. */
  write(key: string): Promise<void>;
}

const DELIVERY_TIMEOUT_MS = 10_000;

function subscribe(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

/**
 * Joins one channel per subscriber (each its own client and socket), then makes `writes` writes one after
 * the other; for each, the time from just before the write is sent to the moment the last subscriber got it.
 * The first write is a warm-up and is not counted.
 */
export async function measureFanOut(
  channels: RealtimeChannel[],
  scenario: FanOutScenario,
  writes: number,
): Promise<{ lastDeliveryMs: number[]; firstDeliveryMs: number[] }> {
  const arrivals = new Map<string, number[]>();
  const waiting = new Map<string, () => void>();
  const received = (key: string) => {
    const times = arrivals.get(key) ?? [];
    times.push(performance.now());
    arrivals.set(key, times);
    if (times.length === channels.length) waiting.get(key)?.();
  };
  await Promise.all(channels.map((channel) => subscribe(scenario.listen(channel, received))));
  const lastDeliveryMs: number[] = [];
  const firstDeliveryMs: number[] = [];
  for (let n = 0; n <= writes; n += 1) {
    const key = `w${n}`;
    const all = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `fan-out: write ${key} reached ${arrivals.get(key)?.length ?? 0} of ${channels.length} subscribers`,
            ),
          ),
        DELIVERY_TIMEOUT_MS,
      );
      waiting.set(key, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const before = performance.now();
    await scenario.write(key);
    await all;
    const times = arrivals.get(key) ?? [];
    if (n === 0) continue;
    lastDeliveryMs.push(Math.max(...times) - before);
    firstDeliveryMs.push(Math.min(...times) - before);
  }
  return { lastDeliveryMs, firstDeliveryMs };
}
