import type { SyncedTable } from '../entities/entity-tables.ts';
import type { Stored } from '../entities/common.ts';
import type { MurmurDatabase } from '../schema.ts';

/**
 * The last row a change in this tab wrote to a database, with the HLC state it left. Autosave writes one row again and again; a change that finds its row here plans its writes
 * before its reads answer (write-change.ts). Only a guess: another tab, the sync engine's pull or an
 * aborted transaction may have changed what is stored, so the reads always check it (compareWithStored).
 */
export interface LastWrite {
  table: SyncedTable;
  id: string;
  row: Stored<Record<string, unknown>>;
  hlcState: string;
}

const lastWrites = new WeakMap<MurmurDatabase, LastWrite>();

export function rememberWrite(db: MurmurDatabase, write: LastWrite): void {
  lastWrites.set(db, write);
}

export function lastWrite(db: MurmurDatabase, table: SyncedTable, id: string): LastWrite | undefined {
  const write = lastWrites.get(db);
  return write && write.table === table && write.id === id ? write : undefined;
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
