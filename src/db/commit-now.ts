import type { Transaction } from 'dexie';

/**
 * Commits a transaction whose last requests are issued, unless it is nested in a caller's (Dexie reuses
 * the outer one, whose commit is the caller's). IndexedDB would otherwise commit only after those
 * requests' results came back to this thread: one more round trip to the browser's database process.
 * IDBTransaction.commit() is in every current browser; elsewhere auto-commit follows.
 */
export function commitNow(transaction: Transaction): void {
  if (transaction.parent) return;
  const native = transaction.idbtrans;
  if (typeof native.commit !== 'function') return;
  native.commit();
}
