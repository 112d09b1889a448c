import type { RowSync, Stored } from '../entities/common.ts';
import { tablePolicy, type SyncedTable } from '../entities/entity-tables.ts';
import { maxHlc, nextHlc, nodeFromClientId } from '../hlc.ts';
import type { DbPorts } from '../ports.ts';
import type { OutboxRow } from '../schema.ts';
import { EntityDeletedError, EntityExistsError, EntityNotFoundError } from './change-errors.ts';
import { patchedRow } from './patched-row.ts';

/** How a change may apply (the options of writeChange that decide what it writes). */
export interface ChangeRules {
  /** Create the row: `patch` is the whole row and the id must be new. */
  create?: boolean;
  /** Allow changing a deleted row (restore, or a user restoring a conflict). */
  allowDeleted?: boolean;
}

/** What a change starts from: the stored row (if any), this database's client id and its HLC state. */
export interface ChangeStart {
  existing: Stored<Record<string, unknown>> | undefined;
  clientId: string;
  hlcState: string;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface PlannedChange {
  changed: string[];
  row: Stored<Record<string, unknown>>;
  hlc: string;
  outbox: Omit<OutboxRow, 'seq'>;
}

/**
 * What a change writes, given the row and HLC state it starts from; null when nothing changes. Pure
 * apart from the injected clock and ids; throws when the change is not allowed.
 */
export function planChange(
  ports: DbPorts,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeRules,
  from: ChangeStart,
): PlannedChange | null {
  const policy = tablePolicy(table);
  const { existing } = from;
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
  const next = options.create
    ? policy.schema.parse({ ...patch, id })
    : patchedRow(policy.schema, current, patch, id);
  const changed = Object.keys(patch).filter(
    (field) => options.create || !sameValue(current[field], next[field]),
  );
  if (changed.length === 0) return null;

  const previous = maxHlc(from.hlcState, ...Object.values(sync.hlc));
  const hlc = nextHlc(previous, nodeFromClientId(from.clientId), ports.clock.now());
  const fieldHlc: Record<string, string> = {};
  const base: Record<string, string> = {};
  const written: Record<string, unknown> = {};
  for (const field of changed) {
    fieldHlc[field] = hlc;
    base[field] = sync.hlc[field] ?? '';
    written[field] = next[field];
  }
  return {
    changed,
    row: { ...next, _sync: { version: sync.version, hlc: { ...sync.hlc, ...fieldHlc } } },
    hlc,
    outbox: {
      mutation_id: ports.ids.next(),
      table,
      entity_id: id,
      patch: written,
      hlc: fieldHlc,
      base,
      created_at: new Date(ports.clock.now()).toISOString(),
    },
  };
}
