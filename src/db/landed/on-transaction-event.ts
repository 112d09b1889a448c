import type { DBCoreTransaction } from 'dexie';

/**
 * Listens for a DBCore transaction's end. Dexie's IndexedDB core passes the IDBTransaction itself as
 * the DBCore transaction; another core may not, and then nothing is heard (the caller's state must hold
 * without it).
 */
export function onTransactionEvent(
  trans: DBCoreTransaction,
  type: 'complete' | 'abort',
  listener: () => void,
): void {
  const target = trans as unknown as Partial<EventTarget>;
  target.addEventListener?.(type, listener);
}
