import { cmp, type DBCoreIndex, type DBCoreKeyRange } from 'dexie';

/** One record of an index: where a row sits in it. A multi-entry index has one per distinct value. */
export interface IndexEntry {
  key: unknown;
  primaryKey: unknown;
  value: Record<string, unknown>;
}

/** Dexie's DBCoreRangeType (a const enum its typings do not let us import). */
export const EQUAL = 1;
export const RANGE = 2;
export const ANY = 3;

/** Every key (Dexie's DBCoreRangeType.Any). */
export const EVERY_KEY: DBCoreKeyRange = { type: ANY, lower: undefined, upper: undefined };

/** Whether IndexedDB would index this value (https://w3c.github.io/IndexedDB/#valid-key). */
export function isValidKey(key: unknown): boolean {
  if (typeof key === 'number') return !Number.isNaN(key);
  if (typeof key === 'string') return true;
  if (key instanceof Date) return !Number.isNaN(key.getTime());
  if (key instanceof ArrayBuffer || ArrayBuffer.isView(key)) return true;
  if (Array.isArray(key)) return key.every(isValidKey);
  return false;
}

/**
 * IndexedDB's key order. Strings compare by UTF-16 code unit in both, so the common cases skip Dexie's
 * general comparison: a first sync's query sorts thousands of landed entries.
 */
export function compareKeys(a: unknown, b: unknown): number {
  if ((typeof a === 'string' && typeof b === 'string') || (typeof a === 'number' && typeof b === 'number')) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return cmp(a, b);
}

export function inRange(key: unknown, range: DBCoreKeyRange): boolean {
  if (range.type === ANY) return true;
  if (range.type === EQUAL) return compareKeys(key, range.lower) === 0;
  if (range.type !== RANGE) return false;
  if (range.lower !== undefined) {
    const low = compareKeys(key, range.lower);
    if (low < 0 || (low === 0 && range.lowerOpen)) return false;
  }
  if (range.upper !== undefined) {
    const high = compareKeys(key, range.upper);
    if (high > 0 || (high === 0 && range.upperOpen)) return false;
  }
  return true;
}

/** The entries `row` has in `index` within `range`, as IndexedDB would store them. */
export function indexEntries(
  index: DBCoreIndex,
  primaryKey: DBCoreIndex,
  row: Record<string, unknown>,
  range: DBCoreKeyRange,
): IndexEntry[] {
  const id: unknown = primaryKey.extractKey?.(row);
  const key: unknown = index.isPrimaryKey ? id : index.extractKey?.(row);
  // Most indexes hold one key per row: no arrays to build for it (a first sync's reads key thousands).
  if (!index.multiEntry) {
    return isValidKey(key) && inRange(key, range) ? [{ key, primaryKey: id, value: row }] : [];
  }
  if (!Array.isArray(key)) return [];
  return key
    .filter(isValidKey)
    .filter((value, i, all) => all.findIndex((other) => cmp(other, value) === 0) === i)
    .filter((value) => inRange(value, range))
    .map((value) => ({ key: value, primaryKey: id, value: row }));
}

/** Index order: by key, then by primary key. */
export function compareEntries(a: IndexEntry, b: IndexEntry): number {
  return compareKeys(a.key, b.key) || compareKeys(a.primaryKey, b.primaryKey);
}

/**
 * Entries sorted as a cursor in `direction` visits them. A unique direction keeps one entry per key,
 * the one with the lowest primary key, as IndexedDB does in both directions.
 */
export function inCursorOrder(entries: IndexEntry[], direction: IDBCursorDirection): IndexEntry[] {
  const sorted = [...entries].sort(compareEntries);
  const unique = direction === 'nextunique' || direction === 'prevunique';
  const kept = unique
    ? sorted.filter((entry, i) => i === 0 || compareKeys(sorted[i - 1]?.key, entry.key) !== 0)
    : sorted;
  return direction.startsWith('prev') ? kept.reverse() : kept;
}
