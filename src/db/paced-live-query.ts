import type Dexie from 'dexie';

import { watchTables } from './watch-tables.ts';

/** The clock and timers a paced query runs on (the real ones: src/lib/live-query/paced-query-timers.ts). */
export interface PacedQueryTimers {
  /** Milliseconds, from any fixed point. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** After a run, the next waits this many times as long as the run took: reads take at most a third of the time. */
export const REST_FACTOR = 2;

export interface PacedLiveQuery<T> {
  subscribe(next: (value: T) => void, error?: (error: unknown) => void): { unsubscribe(): void };
  /** Never a value before the first run (so React's useObservable does not subscribe to ask). */
  hasValue(): boolean;
}

/**
 * A live query for reads that grow with the journal (every day with an entry, a month of entries):
 * `query` runs at once, and again after each commit to any of `tables`, made in any context — but
 * never two runs at a time, and never sooner after a run than REST_FACTOR times its duration. While a
 * sync writes thousands of rows commit after commit, a Dexie live query starts its whole read again
 * on every commit (twice for a commit from another context, the sync worker's), and its reads queue in
 * front of the sync's next transaction; this one reads at most once per stretch of commits. A change
 * during a run is read by one more run after it, and that run's value is still handed on, so a screen
 * keeps growing while a sync writes. A change after a quiet moment is read at once, as a live query
 * would. Errors are handed to `error` (React's useObservable throws them to the error boundary).
 * `query` gets a signal that aborts when the subscriber leaves, so a long read can stop early.
 */
export function pacedLiveQuery<T>(
  db: Dexie,
  tables: readonly string[],
  query: (signal: AbortSignal) => Promise<T>,
  timers: PacedQueryTimers,
): PacedLiveQuery<T> {
  return {
    hasValue: () => false,
    subscribe(next, error) {
      const controller = new AbortController();
      let closed = false;
      let running = false;
      let changedMeanwhile = false;
      let timer: unknown;
      let readyAt = 0;

      const run = () => {
        timer = undefined;
        running = true;
        changedMeanwhile = false;
        const started = timers.now();
        let reading: Promise<T>;
        try {
          reading = query(controller.signal);
        } catch (thrown) {
          reading = Promise.reject(thrown);
        }
        reading
          .then(
            (value) => {
              if (!closed) next(value);
            },
            (failure: unknown) => {
              if (closed) return;
              if (error) error(failure);
              else console.error('A live read of the journal failed', failure);
            },
          )
          .finally(() => {
            running = false;
            const ended = timers.now();
            readyAt = ended + (ended - started) * REST_FACTOR;
            if (changedMeanwhile) schedule();
          });
      };

      const schedule = () => {
        if (closed) return;
        if (running) {
          changedMeanwhile = true;
          return;
        }
        if (timer !== undefined) return;
        timer = timers.setTimeout(run, Math.max(0, readyAt - timers.now()));
      };

      const stopWatching = watchTables(db, tables, schedule);
      // The first run waits for a new task, as Dexie's does: a subscriber that leaves at once reads nothing.
      schedule();
      return {
        unsubscribe() {
          if (closed) return;
          closed = true;
          stopWatching();
          controller.abort();
          if (timer !== undefined) timers.clearTimeout(timer);
        },
      };
    },
  };
}
