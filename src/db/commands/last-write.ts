import { Dexie, rangesOverlap, RangeSet, type ObservabilitySet } from 'dexie';

import { announcingNativeWrite } from '../announce-write.ts';
import type { SyncedTable } from '../entities/entity-tables.ts';
import type { Stored } from '../entities/common.ts';
import type { MurmurDatabase } from '../schema.ts';
import { getHlcState } from '../sync-meta.ts';

/**
 * The last row a change in this tab wrote, with the HLC state it left, kept up with what other writers
 * put since (see onStorageMutated). Autosave writes one row again and again; a change that finds its
 * row here plans its writes before its reads answer (write-change.ts). Only a guess: a write not yet
 * followed, or an aborted transaction, may leave it different from what is stored, so the reads always
 * check it (compareWithStored).
 */
export interface LastWrite {
  table: SyncedTable;
  id: string;
  row: Stored<Record<string, unknown>>;
  hlcState: string;
}

/**
 * One slot for the tab: a person types into one editor at a time. `written` is the Dexie transaction
 * that wrote it, when the change ran in one (a save that also removes its form's draft, say).
 */
let remembered: { db: MurmurDatabase; write: LastWrite; written?: IDBTransaction } | undefined;
let following = false;

export function rememberWrite(db: MurmurDatabase, write: LastWrite): void {
  const written = Dexie.currentTransaction?.idbtrans;
  remembered = written ? { db, write, written } : { db, write };
  if (!following) {
    following = true;
    Dexie.on('storagemutated', onStorageMutated);
  }
}

export function lastWrite(db: MurmurDatabase, table: SyncedTable, id: string): LastWrite | undefined {
  const write = remembered?.db === db ? remembered.write : undefined;
  return write && write.table === table && write.id === id ? write : undefined;
}

/**
 * Any write to the remembered row but this tab's own saves (the sync engine's pull stamping the
 * server's version on this tab's pushed change, most often, from the sync worker; another tab's edit)
 * reaches this tab as Dexie's `storagemutated` once committed: the row and the HLC state are read
 * again, so the next save plans from what is stored rather than putting its row a second time.
 */
function onStorageMutated(parts: ObservabilitySet): void {
  if (!remembered || announcingNativeWrite() || ownCommit(remembered.written, parts)) return;
  const { db, write } = remembered;
  const part = parts[`idb://${db.name}/${write.table}/`];
  if (!part || !rangesOverlap(part, new RangeSet(write.id))) return;
  const seen = remembered;
  void db
    .transaction('r', [db.entityTable(write.table), db.sync_meta], () =>
      Promise.all([db.entityTable(write.table).get(write.id), getHlcState(db)]),
    )
    .then(([row, hlcState]) => {
      // A save of this tab remembered its own write meanwhile: that one is as new.
      if (remembered !== seen) return;
      remembered = row ? { db, write: { ...write, row, hlcState } } : undefined;
    })
    // The read failed: the guess stays a guess, checked by the reads. A closed database (sign-out) is
    // let go rather than kept alive by the memory.
    .catch(() => {
      if (remembered === seen && !db.isOpen()) remembered = undefined;
    });
}

/**
 * Whether `parts` are what the remembered write's own Dexie transaction changed: Dexie fires a
 * transaction's `storagemutated` with the very set its middleware collected on it, at its commit. That
 * commit is the remembered write itself, so reading the row again would only find it, at the moment a
 * save's push and the screens' reads are asked for. Another tab's or the sync worker's commit arrives
 * as a copy over a BroadcastChannel, never as this set.
 */
function ownCommit(written: IDBTransaction | undefined, parts: ObservabilitySet): boolean {
  return written !== undefined && (written as { mutatedParts?: ObservabilitySet }).mutatedParts === parts;
}

/** Thrown inside a transaction whose remembered row was not what was stored; nothing is committed. */
export class StaleMemoryError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} changed since this tab last wrote it`);
    this.name = 'StaleMemoryError';
  }
}

/**
 * How the stored row and HLC state compare with the remembered ones: the same; the same but for a
 * newer server version (the sync engine's pull has stamped this tab's own pushed change, so a write
 * planned from the remembered row differs from one planned from the stored row only there); or changed.
 * Derived keys that middleware adds to a stored row (the notes list's) are left out: they follow from
 * the rest.
 */
export function compareWithStored(
  write: LastWrite,
  stored: Stored<Record<string, unknown>> | undefined,
  hlcState: string,
): 'same' | 'newer version' | 'changed' {
  if (!stored || hlcState !== write.hlcState) return 'changed';
  const { _sync: storedSync, ...storedData } = stored;
  const { _sync: rememberedSync, ...rememberedData } = write.row;
  if (!sameFields(storedSync.hlc, rememberedSync.hlc) || !sameFields(storedData, rememberedData))
    return 'changed';
  if (storedSync.version === rememberedSync.version) return 'same';
  return storedSync.version > rememberedSync.version ? 'newer version' : 'changed';
}

/** Field-by-field equality; nested values (tags, activities) compare by their JSON. */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!(key in b)) return false;
    const left = a[key];
    const right = b[key];
    if (left === right) continue;
    if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
      return false;
    if (JSON.stringify(left) !== JSON.stringify(right)) return false;
  }
  return true;
}
