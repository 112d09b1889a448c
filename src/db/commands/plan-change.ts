import type { RowSync, Stored } from '../entities/common.ts';
import type { Conflict } from '../entities/conflict.ts';
import { tablePolicy, type SyncedTable } from '../entities/entity-tables.ts';
import { maxHlc, nextHlc, nodeFromClientId } from '../hlc.ts';
import type { DbPorts } from '../ports.ts';
import type { OutboxRow } from '../schema.ts';
import { EntityDeletedError, EntityExistsError, EntityNotFoundError } from './change-errors.ts';
import { patchedRow } from './patched-row.ts';
import { rebaseEdit, type Seen } from './rebase-edit.ts';

/** How a change may apply (the options of writeChange that decide what it writes). */
export interface ChangeRules {
  /** Create the row: `patch` is the whole row and the id must be new. */
  create?: boolean;
  /** Allow changing a deleted row (restore, or a user restoring a conflict). */
  allowDeleted?: boolean;
  /**
   * An editor's save: what it showed for each field, which the change is planned against (R37, R38).
   * Such a save is also written into an entry deleted meanwhile, which keeps the words in the trash
   * and stays deleted (R24, R39).
   */
  seen?: Seen;
  /**
   * Queue every field of `patch` with a new HLC even where its value is unchanged: turning encryption
   * on sends what was written before sealed, as a change the server keeps over its clear copy (ADR 0151).
   */
  resend?: boolean;
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
  /** Local conflicts holding stored values this change displaced unseen (R38); written with it. */
  conflicts: Stored<Conflict>[];
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
  const intoDeleted = options.allowDeleted === true || options.seen !== undefined;
  if (!options.create && !intoDeleted && current['deleted_at'] != null && !('deleted_at' in patch)) {
    throw new EntityDeletedError(table, id);
  }
  const allowed = policy.writable ? null : new Set(policy.patchableFields ?? []);
  for (const field of Object.keys(patch)) {
    if (allowed && !allowed.has(field)) throw new Error(`${table}.${field} is not writable on the client`);
    if (
      policy.keptFields?.includes(field) &&
      patch[field] !== null &&
      (options.resend !== true || current[field] == null)
    )
      throw new Error(`${table}.${field} can only be cleared, or resent where one is kept`);
    if (!options.create && policy.immutable.includes(field))
      throw new Error(`${table}.${field} cannot change`);
  }
  const node = nodeFromClientId(from.clientId);
  const rebased =
    options.seen && !options.create ? rebaseEdit(policy, patch, current, sync, options.seen, node) : null;
  const planned = rebased?.patch ?? patch;
  const next = options.create
    ? policy.schema.parse({ ...planned, id })
    : patchedRow(policy.schema, current, planned, id);
  const changed = Object.keys(planned).filter(
    (field) => options.create || options.resend === true || !sameValue(current[field], next[field]),
  );
  if (changed.length === 0) return null;

  const previous = maxHlc(from.hlcState, ...Object.values(sync.hlc));
  const hlc = nextHlc(previous, node, ports.clock.now());
  const fieldHlc: Record<string, string> = {};
  const base: Record<string, string> = {};
  const baseText: Record<string, string> = {};
  const written: Record<string, unknown> = {};
  for (const field of changed) {
    fieldHlc[field] = hlc;
    base[field] = rebased?.base[field] ?? sync.hlc[field] ?? '';
    written[field] = next[field];
    // What the change's author saw, kept by the server with any conflict the change meets (R40).
    const seenText = rebased?.baseText[field] ?? current[field];
    if (
      !options.create &&
      policy.textFields.includes(field) &&
      typeof seenText === 'string' &&
      seenText !== ''
    )
      baseText[field] = seenText;
  }
  const created_at = new Date(ports.clock.now()).toISOString();
  const conflicts = (rebased?.displaced ?? []).map((lost): Stored<Conflict> => ({
    id: ports.ids.next(),
    table_name: table,
    row_id: id,
    field: lost.field,
    kind: 'lww_lost',
    losing_value: lost.value,
    losing_hlc: lost.hlc,
    winning_hlc: hlc,
    reason: 'changed in another tab of this device while this one was being edited',
    created_at,
    resolved_at: null,
    // version 0: the server never saw this value lose (R21 takes a device's own values for seen).
    _sync: { version: 0, hlc: {} },
  }));
  return {
    changed,
    conflicts,
    row: { ...next, _sync: { version: sync.version, hlc: { ...sync.hlc, ...fieldHlc } } },
    hlc,
    outbox: {
      mutation_id: ports.ids.next(),
      table,
      entity_id: id,
      patch: written,
      hlc: fieldHlc,
      base,
      ...(Object.keys(baseText).length > 0 ? { base_text: baseText } : {}),
      created_at,
    },
  };
}
