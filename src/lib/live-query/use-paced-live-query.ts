import type Dexie from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { flushSync } from 'react-dom';

import { pacedLiveQuery } from '../../db/paced-live-query.ts';
import { pacedQueryTimers } from './paced-query-timers.ts';

/** Stands in while no database is open: never a value. */
const NOTHING = { hasValue: () => false, subscribe: () => ({ unsubscribe: () => undefined }) };

/**
 * pacedLiveQuery as a hook, for screens whose reads grow with the journal: undefined until the first
 * read (and while `db` is undefined); the last value stays while a read for new `deps` runs, as with
 * Dexie's useLiveQuery. `query` must read only `tables` of the database it is given.
 */
export function usePacedLiveQuery<D extends Dexie, T>(
  db: D | undefined,
  tables: readonly string[],
  query: (db: D, signal: AbortSignal) => Promise<T>,
  deps: unknown[],
): T | undefined {
  // The caller's deps decide when to read anew, as with useLiveQuery.
  return useObservable<T>(() => {
    if (!db) return NOTHING;
    const source = pacedLiveQuery(db, tables, (signal) => query(db, signal), pacedQueryTimers);
    return {
      hasValue: () => source.hasValue(),
      subscribe(next: (value: T) => void, error?: (error: unknown) => void) {
        let first = true;
        return source.subscribe((value) => {
          if (!first) return next(value);
          // The first read renders at once, on its own: as an ordinary update it waited for React's
          // next task and was batched with whatever else had changed meanwhile (settings loading, the
          // sync starting), which made the screen's first render up to three times as long.
          first = false;
          flushSync(() => next(value));
        }, error);
      },
    };
  }, [db, ...deps]);
}
