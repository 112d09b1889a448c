import { announceOnCommit } from '../announce-write.ts';
import { commitOutcome, outcomeOf } from '../commit-outcome.ts';
import type { SyncedTable } from '../entities/entity-tables.ts';
import type { CommandContext } from './command-context.ts';
import { writeChange, type ChangeOptions } from './write-change.ts';

/**
 * One change in a readwrite transaction of its own, opened on `db.core` (below Dexie's `Transaction`)
 * and used natively (docs/adr/0112): from the call to the last write every step is synchronous, so a
 * save's requests are with the browser's database before anything else queued on the page runs (an
 * autosave's screen updates, Dexie's promise scheduling). Dexie still sees the transaction: its DBCore
 * middleware (the commit outcome, the cache) wraps it, and what it wrote is announced as Dexie's own.
 * Answers at the commit with the fields that changed; rejects, with nothing written, otherwise. Null
 * when the transaction cannot be opened here.
 */
export function changeInNativeTransaction(
  ctx: CommandContext,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions,
  clientId: string,
): Promise<string[]> | null {
  let transaction: IDBTransaction;
  try {
    transaction = ctx.db.core.transaction([table, 'outbox', 'sync_meta'], 'readwrite', {
      durability: 'default',
    }) as unknown as IDBTransaction;
  } catch {
    // The database is closing or being replaced: Dexie's own transaction handles that (it reopens).
    return null;
  }
  announceOnCommit(transaction);
  const committed = commitOutcome(transaction) ?? outcomeOf(transaction);
  const work = writeChange(ctx.db, ctx.ports, table, id, patch, {
    ...options,
    native: { transaction, clientId },
    writesIssued: () => {
      if (typeof transaction.commit === 'function') transaction.commit();
    },
  });
  return work.then(
    async (changed) => {
      if (changed.length === 0) {
        // Nothing was written: the transaction ends on its own once its reads are answered.
        return changed;
      }
      if (!(await committed))
        throw transaction.error ?? new DOMException('The change was not committed', 'AbortError');
      return changed;
    },
    (error: unknown) => {
      abortQuietly(transaction);
      throw error;
    },
  );
}

/** Aborts unless the transaction has already ended (an abort after the end throws). */
function abortQuietly(transaction: IDBTransaction): void {
  try {
    transaction.abort();
  } catch {
    // Already committed or aborted: nothing left to undo.
  }
}
