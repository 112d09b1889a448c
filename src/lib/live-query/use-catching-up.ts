import { useLiveQuery } from 'dexie-react-hooks';

import { isCatchingUp } from '../../db/catching-up.ts';
import type { MurmurDatabase } from '../../db/schema.ts';

/**
 * isCatchingUp for `db`, followed live: true until it is known to be false for this very database (and
 * while there is none), so work that waits for it never starts on another database's answer.
 */
export function useCatchingUp(db: MurmurDatabase | undefined): boolean {
  const read = useLiveQuery(async () => (db ? { db, catchingUp: await isCatchingUp(db) } : null), [db]);
  return !(db !== undefined && read?.db === db && !read.catchingUp);
}
