import type { DBCoreIndex, DBCoreKeyRange } from 'dexie';

import type { LandedChunk } from './landed-chunk.ts';
import {
  ANY,
  compareEntries,
  compareKeys,
  EQUAL,
  EVERY_KEY,
  indexEntries,
  RANGE,
  type IndexEntry,
} from './index-entries.ts';
import type { LandedTable } from './landed-view.ts';

/**
 * Each chunk's entries per index, sorted once: a chunk never changes (landed-chunk.ts), so a first
 * sync's every commit sorts only the chunk it added, not the thousands of rows landed before it.
 */
const byChunk = new WeakMap<LandedChunk, Map<string, IndexEntry[]>>();

/** Each table view's entries per index, all chunks together, sorted once per view. */
const byTable = new WeakMap<LandedTable, Map<string, IndexEntry[]>>();

function cached<K extends object>(
  cache: WeakMap<K, Map<string, IndexEntry[]>>,
  owner: K,
  index: DBCoreIndex,
  build: () => IndexEntry[],
): IndexEntry[] {
  let perIndex = cache.get(owner);
  if (!perIndex) cache.set(owner, (perIndex = new Map()));
  const name = index.name ?? '';
  let entries = perIndex.get(name);
  if (!entries) perIndex.set(name, (entries = build()));
  return entries;
}

function sortedEntries(
  rows: Iterable<Record<string, unknown>>,
  index: DBCoreIndex,
  primaryKey: DBCoreIndex,
): IndexEntry[] {
  const entries: IndexEntry[] = [];
  for (const row of rows)
    for (const entry of indexEntries(index, primaryKey, row, EVERY_KEY)) entries.push(entry);
  return entries.sort(compareEntries);
}

function chunkEntries(chunk: LandedChunk, index: DBCoreIndex, primaryKey: DBCoreIndex): IndexEntry[] {
  return cached(byChunk, chunk, index, () => sortedEntries(chunk.rows, index, primaryKey));
}

/**
 * Every landed entry of `index`, sorted. When no id is in two chunks, the chunks' sorted entries are
 * joined and sorted again, which the engine's merge sort does run by run; otherwise the entries are
 * built from the rows the view keeps (the newer of each id).
 */
function allEntries(table: LandedTable, index: DBCoreIndex, primaryKey: DBCoreIndex): IndexEntry[] {
  return cached(byTable, table, index, () => {
    if (!table.disjoint) {
      return sortedEntries(
        Array.from(table.rows.values(), ({ row }) => row),
        index,
        primaryKey,
      );
    }
    const joined: IndexEntry[] = [];
    for (const chunk of table.chunks)
      for (const entry of chunkEntries(chunk, index, primaryKey)) joined.push(entry);
    return joined.sort(compareEntries);
  });
}

/** The first position in `sorted` whose key is not before the bound (after it, when `open`). */
function firstFrom(sorted: readonly IndexEntry[], bound: unknown, open: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareKeys(sorted[middle]?.key, bound);
    if (order < 0 || (order === 0 && open)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The positions [from, to) of the entries of `sorted` within `range`: they are contiguous. */
function bounds(sorted: readonly IndexEntry[], range: DBCoreKeyRange): [number, number] {
  if (range.type === ANY) return [0, sorted.length];
  if (range.type !== EQUAL && range.type !== RANGE) return [0, 0];
  const closed = range.type === EQUAL;
  const from =
    range.lower === undefined ? 0 : firstFrom(sorted, range.lower, !closed && range.lowerOpen === true);
  const upper: unknown = closed ? range.lower : range.upper;
  const to =
    upper === undefined ? sorted.length : firstFrom(sorted, upper, closed || range.upperOpen !== true);
  return [from, Math.max(from, to)];
}

/** The entries of `sorted` within `range`; with a limit, only the first `limit` (the last, `fromEnd`). */
function within(
  sorted: readonly IndexEntry[],
  range: DBCoreKeyRange,
  limit: number | undefined,
  fromEnd: boolean,
): IndexEntry[] {
  const [from, to] = bounds(sorted, range);
  if (limit === undefined || to - from <= limit) return sorted.slice(from, to);
  return fromEnd ? sorted.slice(to - limit, to) : sorted.slice(from, from + limit);
}

/** Each sorted list's first entry of each key: the one a unique cursor visits. */
const firstOfEachKey = new WeakMap<readonly IndexEntry[], IndexEntry[]>();

function firstsOf(sorted: readonly IndexEntry[]): IndexEntry[] {
  let firsts = firstOfEachKey.get(sorted);
  if (!firsts) {
    firsts = sorted.filter((entry, i) => i === 0 || compareKeys(sorted[i - 1]?.key, entry.key) !== 0);
    firstOfEachKey.set(sorted, firsts);
  }
  return firsts;
}

export interface LandedRead {
  /** At most this many: a query's first `limit` (its last, `fromEnd`) are among them. */
  limit?: number;
  fromEnd?: boolean;
  /**
   * For a unique direction: of each key, the entries a unique cursor may visit (the lowest primary
   * key of each chunk) rather than all. A tag list's keys are a handful, its entries thousands.
   */
  unique?: boolean;
}

/**
 * The landed entries of `index` within `range`, in index order. A screenful (`limit`) is read
 * without ordering every landed row, from each chunk's first (last) `limit`.
 */
export function landedEntries(
  table: LandedTable,
  index: DBCoreIndex,
  primaryKey: DBCoreIndex,
  range: DBCoreKeyRange,
  read: LandedRead = {},
): IndexEntry[] {
  const { limit, fromEnd = false, unique = false } = read;
  const known = byTable.get(table)?.get(index.name ?? '');
  if (!table.disjoint || known || (limit === undefined && !unique)) {
    const all = known ?? allEntries(table, index, primaryKey);
    return within(unique ? firstsOf(all) : all, range, limit, fromEnd);
  }
  const candidates: IndexEntry[] = [];
  for (const chunk of table.chunks) {
    const entries = chunkEntries(chunk, index, primaryKey);
    for (const entry of within(unique ? firstsOf(entries) : entries, range, limit, fromEnd))
      candidates.push(entry);
  }
  return within(candidates.sort(compareEntries), EVERY_KEY, limit, fromEnd);
}

/** How many landed entries `index` has within `range`. */
export function countLanded(
  table: LandedTable,
  index: DBCoreIndex,
  primaryKey: DBCoreIndex,
  range: DBCoreKeyRange,
): number {
  if (index.isPrimaryKey && range.type === ANY) return table.rows.size;
  const known = byTable.get(table)?.get(index.name ?? '');
  if (known || !table.disjoint) {
    const [from, to] = bounds(known ?? allEntries(table, index, primaryKey), range);
    return to - from;
  }
  let count = 0;
  for (const chunk of table.chunks) {
    const [from, to] = bounds(chunkEntries(chunk, index, primaryKey), range);
    count += to - from;
  }
  return count;
}
