import type { DBCore, Middleware } from 'dexie';

/**
 * Each readwrite transaction's outcome, learnt from the native transaction's own events: true when it
 * committed, false when it aborted. Dexie handles a commit in its `oncomplete` handler, and there,
 * before anything awaiting the transaction can run, it tells every live query that the tables changed:
 * the live queries open their read transactions at once (about half a millisecond for a note editor's).
 * A listener added before Dexie's runs first, and what awaits it runs straight after it, so a command
 * can answer at the commit itself.
 */
const outcomes = new WeakMap<IDBTransaction, Promise<boolean>>();

/** Whether `transaction` commits (true) or aborts (false), from its own events. */
export function outcomeOf(transaction: IDBTransaction): Promise<boolean> {
  return new Promise((resolve) => {
    transaction.addEventListener('complete', () => resolve(true), { once: true });
    transaction.addEventListener('abort', () => resolve(false), { once: true });
  });
}

/** Whether `transaction` committed (null when it is not a readwrite transaction of a Murmur database). */
export function commitOutcome(transaction: IDBTransaction): Promise<boolean> | null {
  return outcomes.get(transaction) ?? null;
}

/** The DBCore at the bottom of Dexie's stack hands out the native transaction itself. */
function isNative(transaction: object): transaction is IDBTransaction {
  return typeof (transaction as Partial<IDBTransaction>).addEventListener === 'function';
}

/**
 * Dexie middleware that watches each readwrite transaction as it is created (docs/adr/0110). Its level is below all of
 * Dexie's own (the lowest is -1), so its listeners are on the native transaction before theirs.
 */
export const commitOutcomeMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CommitOutcome',
  level: -10,
  create: (down) => ({
    ...down,
    transaction(stores, mode, options) {
      const transaction = down.transaction(stores, mode, options);
      if (mode === 'readwrite' && isNative(transaction)) outcomes.set(transaction, outcomeOf(transaction));
      return transaction;
    },
  }),
};
