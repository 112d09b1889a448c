import type Dexie from 'dexie';
import { useObservable } from 'dexie-react-hooks';

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
  return useObservable<T>(
    () => (db ? pacedLiveQuery(db, tables, (signal) => query(db, signal), pacedQueryTimers) : NOTHING),
    [db, ...deps],
  );
}
