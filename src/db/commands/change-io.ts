import type { Stored } from '../entities/common.ts';
import type { SyncedTable } from '../entities/entity-tables.ts';
import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import { getClientId, getHlcState, setMeta } from '../sync-meta.ts';
import type { ChangeStart, PlannedChange } from './plan-change.ts';

/**
 * Where a change reads what it starts from and writes what it planned, inside the caller's readwrite
 * transaction over changeScope(table). IndexedDB runs a transaction's requests in the order they are
 * sent, so reads sent before writes answer with what was stored before them.
 */
export interface ChangeIo {
  read(table: SyncedTable, id: string): Promise<ChangeStart>;
  /** `before` is the row as it was stored (undefined: none), for announcing what the write changed. */
  write(
    table: SyncedTable,
    planned: PlannedChange,
    before: Stored<Record<string, unknown>> | undefined,
  ): Promise<unknown>;
  /** Puts the row again, corrected, after write() (same key and index keys: nothing more to announce). */
  rewrite(table: SyncedTable, row: Stored<Record<string, unknown>>): Promise<unknown>;
  /**
   * Called once the change has sent its last request, when its transaction may already be committing:
   * work that must be done before the commit is reported, but need not delay it, goes here.
   */
  issued?(): void;
  /** Whether write() also writes the plan's conflicts (its transaction holds their store). */
  writesConflicts: boolean;
}

/** Through Dexie's tables and all of its middleware: for a change nested in a caller's transaction. */
export function tablesChangeIo(db: MurmurDatabase, ports: DbPorts): ChangeIo {
  return {
    // The reads go out together: each awaited request is a round trip to the browser's database process.
    read: async (table, id) => {
      const [existing, clientId, hlcState] = await Promise.all([
        db.entityTable(table).get(id),
        getClientId(db, ports.ids),
        getHlcState(db),
      ]);
      return { existing, clientId, hlcState };
    },
    // nextHlc is always after the stored state, so the state moves to it.
    write: (table, planned) =>
      Promise.all([
        db.entityTable(table).put(planned.row),
        db.outbox.add(planned.outbox),
        setMeta(db, 'hlc', planned.hlc),
        planned.conflicts.length > 0 ? db.conflicts.bulkPut(planned.conflicts) : undefined,
      ]),
    writesConflicts: true,
    rewrite: (table, row) => db.entityTable(table).put(row),
  };
}
