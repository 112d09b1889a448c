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
import { getClientId, getHlcState, setMeta } from '../sync-meta.ts';
import { planChange, type ChangeRules } from './plan-change.ts';

export { EntityDeletedError, EntityNotFoundError } from './change-errors.ts';

/** The tables one change touches; commands open their transaction over these (plus what they read). */
export function changeScope(db: MurmurDatabase, table: SyncedTable) {
  return [db.entityTable(table), db.outbox, db.sync_meta] as const;
}

/** An editor's save (with `seen`) may also keep a displaced value as a conflict (R38). */
export function editScope(db: MurmurDatabase, table: SyncedTable) {
  return [...changeScope(db, table), db.conflicts] as const;
}

export interface ChangeOptions extends ChangeRules {
  /** Told the row as it stands after the change (as stored, when nothing changed): what an editor saved. */
  report?: (row: Stored<Record<string, unknown>>) => void;
}

/**
 * Applies `patch` to the row and queues it. Must run inside a readwrite Dexie transaction over
 * changeScope(table) (editScope for a save with `seen`). Returns the fields that changed (none:
 * nothing was written or queued). Reads and writes go through Dexie's tables, so every middleware
 * (the notes list's keys, landed rows, live queries) sees them.
 */
export async function writeChange(
  db: MurmurDatabase,
  ports: DbPorts,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions = {},
): Promise<string[]> {
  // The reads go out together: each awaited request is a round trip to the browser's database process.
  const [existing, clientId, hlcState] = await Promise.all([
    db.entityTable(table).get(id),
    getClientId(db, ports.ids),
    getHlcState(db),
  ]);
  const planned = planChange(ports, table, id, patch, options, { existing, clientId, hlcState });
  if (!planned) {
    if (existing) options.report?.(existing);
    return [];
  }
  // nextHlc is always after the stored state, so the state moves to it (R11).
  await Promise.all([
    db.entityTable(table).put(planned.row),
    db.outbox.add(planned.outbox),
    setMeta(db, 'hlc', planned.hlc),
    planned.conflicts.length > 0 ? db.conflicts.bulkPut(planned.conflicts) : undefined,
  ]);
  options.report?.(planned.row);
  return planned.changed;
}
