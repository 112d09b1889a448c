/**
 * INVARIANT (R5): every local change writes the entity row, its outbox row and the advanced HLC state
 * in ONE IndexedDB transaction. If the transaction aborts nothing is written; if it commits the change
 * is durable and queued. Nothing but the commands in this folder writes the entity tables or the
 * outbox (the sync engine's pull writes entity rows, never the outbox).
 */
import type { Stored } from '../entities/common.ts';
import type { SyncedTable } from '../entities/entity-tables.ts';
import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import { tablesChangeIo } from './change-io.ts';
import {
  compareWithStored,
  lastWrite,
  rememberWrite,
  StaleMemoryError,
  type LastWrite,
} from './last-write.ts';
import { knownClientId } from '../sync-meta.ts';
import { nativeChangeIo } from './native-change-io.ts';
import { planChange, type ChangeRules, type PlannedChange } from './plan-change.ts';

export { EntityDeletedError, EntityExistsError, EntityNotFoundError } from './change-errors.ts';

/** The tables one change touches; commands open their transaction over these (plus what they read). */
export function changeScope(db: MurmurDatabase, table: SyncedTable) {
  return [db.entityTable(table), db.outbox, db.sync_meta] as const;
}

/** An editor's save (with `seen`) may also keep a displaced value as a conflict (R38). */
export function editScope(db: MurmurDatabase, table: SyncedTable) {
  return [...changeScope(db, table), db.conflicts] as const;
}

/**
 * The change must keep a displaced value as a conflict, which its transaction cannot write (a native
 * one over the entity, outbox and meta stores only). Nothing was written; run it again in Dexie's.
 */
export class ConflictOutOfScopeError extends Error {
  constructor(table: SyncedTable, id: string) {
    super(`${table} ${id}: the change keeps a conflict, outside its transaction`);
    this.name = 'ConflictOutOfScopeError';
  }
}

export interface ChangeOptions extends ChangeRules {
  /**
   * Called once the change's writes are issued, when it is the last thing its transaction does: the
   * caller may commit then rather than wait a round trip for the writes' results (see change()).
   */
  writesIssued?: () => void;
  /**
   * Plan the writes from the row this tab last wrote and send them with the reads. Only for a change
   * that owns its transaction: a stale guess throws StaleMemoryError, and the transaction must abort.
   */
  speculate?: boolean;
  /** Send the requests on this native transaction (the change's own), with the database's client id. */
  native?: { transaction: IDBTransaction; clientId: string };
  /** Told the row as it stands after the change (as stored, when nothing changed): what an editor saved. */
  report?: (row: Stored<Record<string, unknown>>) => void;
}

/**
 * Applies `patch` to the row and queues it. Must run inside a readwrite transaction over
 * changeScope(table). Returns the fields that changed (none: nothing was queued).
 *
 * With `speculate`, when this tab last wrote the same row (an autosave, again), the writes go out with
 * the reads, planned from that remembered row: the reads still answer with what was stored before the
 * writes. If the pull has since given the row a newer server version, the row is put again with it;
 * if anything else differs from the remembered row and HLC state, the change throws before anything
 * commits (docs/sync.md R5).
 */
export async function writeChange(
  db: MurmurDatabase,
  ports: DbPorts,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions = {},
): Promise<string[]> {
  const io = options.native
    ? nativeChangeIo(db, options.native.transaction, options.native.clientId)
    : tablesChangeIo(db, ports);
  const reads = io.read(table, id);
  const remembered = options.speculate ? lastWrite(db, table, id) : undefined;
  const clientId = options.native?.clientId ?? knownClientId(db);
  const guess =
    remembered && clientId ? planGuess(ports, table, id, patch, options, remembered, clientId) : null;
  if (remembered && guess) {
    const writes = io.write(table, guess, remembered.row);
    // A stale guess aborts the transaction, which fails these writes; what matters is StaleMemoryError.
    writes.catch(() => undefined);
    const start = await reads;
    const stored = compareWithStored(remembered, start.existing, start.hlcState);
    if (stored === 'changed' || !start.existing) throw new StaleMemoryError(table, id);
    let row = guess.row;
    if (stored === 'newer version') {
      // The row was written with the version it was planned from; it is put again with the stored one.
      row = { ...row, _sync: { ...row._sync, version: start.existing._sync.version } };
      const rewritten = io.rewrite(table, row);
      options.writesIssued?.();
      io.issued?.();
      await Promise.all([writes, rewritten]);
    } else {
      options.writesIssued?.();
      io.issued?.();
      await writes;
    }
    rememberWrite(db, { table, id, row, hlcState: guess.hlc });
    options.report?.(row);
    return guess.changed;
  }
  const start = await reads;
  const planned = planChange(ports, table, id, patch, options, start);
  if (!planned) {
    if (start.existing) options.report?.(start.existing);
    return [];
  }
  if (planned.conflicts.length > 0 && !io.writesConflicts) throw new ConflictOutOfScopeError(table, id);
  const writes = io.write(table, planned, start.existing);
  options.writesIssued?.();
  io.issued?.();
  await writes;
  rememberWrite(db, { table, id, row: planned.row, hlcState: planned.hlc });
  options.report?.(planned.row);
  return planned.changed;
}

/** A plan from the remembered row, or null when it would write nothing or be refused (the reads decide). */
function planGuess(
  ports: DbPorts,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeRules,
  remembered: LastWrite,
  clientId: string,
): PlannedChange | null {
  try {
    const guess = planChange(ports, table, id, patch, options, {
      existing: remembered.row,
      clientId,
      hlcState: remembered.hlcState,
    });
    // A change that keeps a conflict is planned from the reads, which its transaction may not hold.
    return guess && guess.conflicts.length === 0 ? guess : null;
  } catch {
    return null;
  }
}
