import type { PacedQueryTimers } from '../../db/paced-live-query.ts';
import type { TimerHandle } from '../../sync/ports.ts';
import { realClock, realTimers } from '../../sync/real-ports.ts';

/** The device's clock and timers, for paced live queries. */
export const pacedQueryTimers: PacedQueryTimers = {
  now: () => realClock.now(),
  setTimeout: (callback, ms) => realTimers.setTimeout(callback, ms),
  clearTimeout: (handle) => realTimers.clearTimeout(handle as TimerHandle),
};
