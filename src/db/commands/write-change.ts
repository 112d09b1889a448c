/**
 * INVARIANT (R5): every local change writes the entity row, its outbox row and the advanced HLC state
 * in ONE IndexedDB transaction. If the transaction aborts nothing is written; if it commits the change
 * is durable and queued. Nothing but the commands in this folder writes the entity tables or the
 * outbox (the sync engine's pull writes entity rows, never the outbox).
 */
import { tablePolicy, type SyncedTable } from '../entities/entity-tables.ts';
import type { RowSync, Stored } from '../entities/common.ts';
import { maxHlc, nextHlc, nodeFromClientId } from '../hlc.ts';
import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import { getClientId, getHlcState, setMeta } from '../sync-meta.ts';

export class EntityNotFoundError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} does not exist`);
    this.name = 'EntityNotFoundError';
  }
}

export class EntityDeletedError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} is deleted; restore it first`);
    this.name = 'EntityDeletedError';
  }
}

export class EntityExistsError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} already exists`);
    this.name = 'EntityExistsError';
  }
}

/** The tables one change touches; commands open their transaction over these (plus what they read). */
export function changeScope(db: MurmurDatabase, table: SyncedTable) {
  return [db.entityTable(table), db.outbox, db.sync_meta] as const;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface ChangeOptions {
  /** Create the row: `patch` is the whole row and the id must be new. */
  create?: boolean;
  /** Allow changing a deleted row (restore, or a user restoring a conflict). */
  allowDeleted?: boolean;
  /**
   * Called once the change's writes are issued, when it is the last thing its transaction does: the
   * caller may commit then rather than wait a round trip for the writes' results (see change()).
   */
  writesIssued?: () => void;
}

/**
 * Applies `patch` to the row and queues it. Must run inside a readwrite transaction over
 * changeScope(table). Returns the fields that changed (none: nothing was queued).
 */
export async function writeChange(
  db: MurmurDatabase,
  ports: DbPorts,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions = {},
): Promise<string[]> {
  const policy = tablePolicy(table);
  const store = db.entityTable(table);
  // The reads go out together: each awaited request is a round trip to the browser's database process,
  // and a note typed into saves every pause. Within one transaction IndexedDB keeps requests in order.
  const [existing, clientId, hlcState] = await Promise.all([
    store.get(id),
    getClientId(db, ports.ids),
    getHlcState(db),
  ]);
  let current: Record<string, unknown>;
  let sync: RowSync;
  if (options.create) {
    if (existing) throw new EntityExistsError(table, id);
    current = {};
    sync = { version: 0, hlc: {} };
  } else if (existing) {
    const { _sync, ...data } = existing;
    current = data;
    sync = _sync;
  } else if (policy.defaults) {
    current = policy.defaults(id);
    sync = { version: 0, hlc: {} };
  } else {
    throw new EntityNotFoundError(table, id);
  }
  if (!options.create && !options.allowDeleted && current['deleted_at'] != null && !('deleted_at' in patch)) {
    throw new EntityDeletedError(table, id);
  }
  const allowed = policy.writable ? null : new Set(policy.patchableFields ?? []);
  for (const field of Object.keys(patch)) {
    if (allowed && !allowed.has(field)) throw new Error(`${table}.${field} is not writable on the client`);
    if (!options.create && policy.immutable.includes(field))
      throw new Error(`${table}.${field} cannot change`);
  }
  const next = policy.schema.parse({ ...current, ...patch, id });
  const changed = Object.keys(patch).filter(
    (field) => options.create || !sameValue(current[field], next[field]),
  );
  if (changed.length === 0) return [];

  const previous = maxHlc(hlcState, ...Object.values(sync.hlc));
  const hlc = nextHlc(previous, nodeFromClientId(clientId), ports.clock.now());
  const fieldHlc: Record<string, string> = {};
  const base: Record<string, string> = {};
  const written: Record<string, unknown> = {};
  for (const field of changed) {
    fieldHlc[field] = hlc;
    base[field] = sync.hlc[field] ?? '';
    written[field] = next[field];
  }
  const row: Stored<Record<string, unknown>> = {
    ...next,
    _sync: { version: sync.version, hlc: { ...sync.hlc, ...fieldHlc } },
  };
  // nextHlc is always after the stored state, so the state moves to it.
  const writes = Promise.all([
    store.put(row),
    db.outbox.add({
      mutation_id: ports.ids.next(),
      table,
      entity_id: id,
      patch: written,
      hlc: fieldHlc,
      base,
      created_at: new Date(ports.clock.now()).toISOString(),
    }),
    setMeta(db, 'hlc', hlc),
  ]);
  options.writesIssued?.();
  await writes;
  return changed;
}
