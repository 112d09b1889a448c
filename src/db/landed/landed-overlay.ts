import Dexie, {
  type DBCore,
  type DBCoreCursor,
  type DBCoreIndex,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreOpenCursorRequest,
  type DBCoreQueryRequest,
  type DBCoreQueryResponse,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware,
} from 'dexie';

import { arrayCursor } from './array-cursor.ts';
import { LANDED_STORE, type LandedChunk } from './landed-chunk.ts';
import { onTransactionEvent } from './on-transaction-event.ts';
import {
  compareEntries,
  EVERY_KEY,
  indexEntries,
  inCursorOrder,
  inRange,
  type IndexEntry,
} from './index-entries.ts';
import { LandedReader, type LandedRow } from './landed-view.ts';
import { holdCommitFor } from './landed-work.ts';

export const LANDED_OVERLAY_MIDDLEWARE = 'LandedRows';

/**
 * Dexie middleware that shows landed rows (landed-chunk.ts) as rows of their tables, to every reader
 * through Dexie: get and getMany fill misses from them; query, count and cursors merge them into the
 * table's own in index order. A write to a landed id drops it from its chunk in the same transaction,
 * so the table's row is the only one. Every transaction over an overlaid table also holds the landed
 * store, so what it reads of both is one snapshot.
 *
 * Its level is above Dexie's cache and observability (level 0): its reads of the landed store are
 * ordinary reads to them, so a live query that merged landed rows runs again when a chunk is added or
 * settled. With no chunk stored, a read costs one extra request (the chunks' keys), sent with the
 * table's own.
 */
export function landedOverlayMiddleware(overlaid: readonly string[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: LANDED_OVERLAY_MIDDLEWARE,
    // Below Dexie's hooks (2) and virtual indexes (1), above its cache and observability (0).
    level: 0.5,
    create(down) {
      if (!down.schema.tables.some((table) => table.name === LANDED_STORE)) return down;
      // One extractor per table: `down.table()` builds every lower middleware's table afresh, and the
      // reader asks for each landed row's key (10,000 rows on a first sync's every commit).
      const extractors = new Map<string, ((row: Record<string, unknown>) => unknown) | null | undefined>();
      const primaryKeyOf = (table: string, row: Record<string, unknown>): unknown => {
        if (!extractors.has(table)) extractors.set(table, down.table(table).schema.primaryKey.extractKey);
        return extractors.get(table)?.(row);
      };
      const reader = new LandedReader(down.table(LANDED_STORE), primaryKeyOf);
      const landed = rememberingAdds(down.table(LANDED_STORE), reader);
      const isOverlaid = (name: string) => overlaid.includes(name);
      return {
        ...down,
        transaction(stores, mode, options) {
          const scope =
            stores.some(isOverlaid) && !stores.includes(LANDED_STORE) ? [...stores, LANDED_STORE] : stores;
          return down.transaction(scope, mode, options);
        },
        table(name) {
          if (name === LANDED_STORE) return landed;
          const table = down.table(name);
          return isOverlaid(name) ? overlay(table, landed, reader) : table;
        },
      };
    },
  };
}

const P = Dexie.Promise;

/**
 * The landed store, telling `reader` of each chunk added through it once the adding transaction has
 * committed (LandedReader.written). A transaction that is not an IndexedDB one tells it nothing.
 */
function rememberingAdds(landed: DBCoreTable, reader: LandedReader): DBCoreTable {
  return {
    ...landed,
    mutate(req) {
      const result = landed.mutate(req);
      if (req.type !== 'add') return result;
      const { trans, values } = req;
      return P.resolve(result).then((response: DBCoreMutateResponse) => {
        const keys = response.results;
        if (keys) {
          onTransactionEvent(trans, 'complete', () => {
            values.forEach((chunk: LandedChunk, i) => {
              const seq: unknown = keys[i];
              if (typeof seq === 'number' && !(i in response.failures)) reader.written(seq, chunk);
            });
          });
        }
        return response;
      });
    },
  };
}

/** Per view's rows of a table (kept while its chunks are the same), each index's entries in order. */
const sortedByIndex = new WeakMap<object, Map<string, IndexEntry[]>>();

function sortedLandedEntries(
  rows: ReadonlyMap<unknown, LandedRow>,
  index: DBCoreIndex,
  primaryKey: DBCoreIndex,
): IndexEntry[] {
  let byIndex = sortedByIndex.get(rows);
  if (!byIndex) sortedByIndex.set(rows, (byIndex = new Map()));
  const name = index.name ?? '';
  let sorted = byIndex.get(name);
  if (!sorted) {
    sorted = [];
    for (const { row } of rows.values()) sorted.push(...indexEntries(index, primaryKey, row, EVERY_KEY));
    sorted.sort(compareEntries);
    byIndex.set(name, sorted);
  }
  return sorted;
}

/**
 * Every method sends its requests to the table and to the landed store at once, and goes on in
 * chained Dexie promises rather than awaits: Dexie's middleware below reads the transaction from
 * Dexie's zone, which only its own promises carry across a step.
 */
function overlay(table: DBCoreTable, landed: DBCoreTable, reader: LandedReader): DBCoreTable {
  const primaryKey = table.schema.primaryKey;
  const keyOf = (row: Record<string, unknown>): unknown => primaryKey.extractKey?.(row);
  const rowsOf = (trans: DBCoreTransaction) =>
    P.resolve(reader.read(trans)).then((view) => view.get(table.name));

  /**
   * The table's own entries and the landed ones. The table's own are read with `limit` and `direction`
   * when given: with no id in both, the merge's first n are among the table's first n and the landed.
   */
  const merge = (
    trans: DBCoreTransaction,
    query: DBCoreQueryRequest['query'],
    rows: ReadonlyMap<unknown, LandedRow>,
    wantValues: boolean,
    limit?: number,
    direction?: DBCoreQueryRequest['direction'],
  ) => {
    const { index, range } = query;
    // Keys alone place a row in its primary key's order; any other index needs the row.
    const values = wantValues || !index.isPrimaryKey;
    return P.resolve(table.query({ trans, values, query, limit, direction })).then(({ result }) => {
      const entries: IndexEntry[] = [];
      if (values) {
        for (const row of result as Record<string, unknown>[])
          entries.push(...indexEntries(index, primaryKey, row, range));
      } else {
        for (const key of result) entries.push({ key, primaryKey: key, value: {} });
      }
      const landedRows = new Set<unknown>();
      for (const { row } of rows.values()) landedRows.add(row);
      let landedEntries = sortedLandedEntries(rows, index, primaryKey).filter((entry) =>
        inRange(entry.key, range),
      );
      // With a limit, only as many landed entries can be among the first (or last) n.
      if (limit !== undefined && (direction ?? 'next') === 'next')
        landedEntries = landedEntries.slice(0, limit);
      if (limit !== undefined && direction === 'prev') landedEntries = landedEntries.slice(-limit);
      for (const entry of landedEntries) entries.push(entry);
      // A landed row goes out as a copy: its chunk is shared by every read (landed-view.ts).
      const copied = (value: unknown) => (landedRows.has(value) ? structuredClone(value) : value);
      return { entries, copied };
    });
  };

  return {
    ...table,
    get(req) {
      return P.all([table.get(req), rowsOf(req.trans)]).then(
        ([own, rows]: [unknown, ReadonlyMap<unknown, LandedRow> | undefined]) => {
          if (own !== undefined) return own;
          const found = rows?.get(req.key);
          return found ? structuredClone(found.row) : undefined;
        },
      );
    },
    getMany(req) {
      return P.all([table.getMany(req), rowsOf(req.trans)]).then(
        ([own, rows]: [unknown[], ReadonlyMap<unknown, LandedRow> | undefined]) => {
          if (!rows || rows.size === 0) return own;
          return own.map((row, i) => {
            if (row !== undefined) return row;
            const found = rows.get(req.keys[i]);
            return found ? structuredClone(found.row) : undefined;
          });
        },
      );
    },
    query(req) {
      return P.all([table.query(req), rowsOf(req.trans)]).then(
        ([own, rows]: [DBCoreQueryResponse, ReadonlyMap<unknown, LandedRow> | undefined]) => {
          if (!rows || rows.size === 0) return own;
          return merge(req.trans, req.query, rows, req.values === true, req.limit, req.direction).then(
            ({ entries, copied }) => {
              const sorted = inCursorOrder(entries, req.direction ?? 'next');
              const kept = req.limit === undefined ? sorted : sorted.slice(0, req.limit);
              return { result: kept.map((entry) => (req.values ? copied(entry.value) : entry.primaryKey)) };
            },
          );
        },
      );
    },
    count(req) {
      return P.all([table.count(req), rowsOf(req.trans)]).then(
        ([own, rows]: [number, ReadonlyMap<unknown, LandedRow> | undefined]) => {
          if (!rows || rows.size === 0) return own;
          const { index, range } = req.query;
          // The entries are kept sorted per index while the chunks are the same: a screen counts after
          // every commit of a first sync.
          const entries = sortedLandedEntries(rows, index, primaryKey);
          let landedCount = 0;
          for (const entry of entries) if (inRange(entry.key, range)) landedCount += 1;
          return own + landedCount;
        },
      );
    },
    openCursor(req: DBCoreOpenCursorRequest) {
      return P.all([table.openCursor(req), rowsOf(req.trans)]).then(
        ([own, rows]: [DBCoreCursor | null, ReadonlyMap<unknown, LandedRow> | undefined]) => {
          if (!rows || rows.size === 0) return own;
          // The table's own cursor is left where it opened; its transaction does not wait for it.
          return merge(req.trans, req.query, rows, req.values !== false).then(({ entries, copied }) => {
            const direction =
              `${req.reverse ? 'prev' : 'next'}${req.unique ? 'unique' : ''}` as IDBCursorDirection;
            const visited = inCursorOrder(entries, direction).map((entry) => ({
              ...entry,
              value: copied(entry.value) as Record<string, unknown>,
            }));
            return arrayCursor(req.trans, visited, req.reverse === true, req.values !== false);
          });
        },
      );
    },
    mutate(req) {
      // The write goes out at once, as its caller expects (it may commit right after, see landed-work.ts).
      const write = table.mutate(req);
      const drop = rowsOf(req.trans).then((rows) => dropLanded(req, rows, keyOf, landed, reader));
      holdCommitFor(req.trans, drop);
      return P.all([write, drop]).then(([result]: [DBCoreMutateResponse, unknown]) => result);
    },
  };
}

/** Removes from their chunks the landed rows a write replaces or deletes (landed-chunk.ts invariants). */
function dropLanded(
  req: DBCoreMutateRequest,
  rows: ReadonlyMap<unknown, LandedRow> | undefined,
  keyOf: (row: Record<string, unknown>) => unknown,
  landed: DBCoreTable,
  reader: LandedReader,
): Promise<unknown> {
  if (!rows || rows.size === 0) return P.resolve();
  const { trans } = req;
  let written: readonly unknown[];
  if (req.type === 'deleteRange') written = [...rows.keys()].filter((key) => inRange(key, req.range));
  else if (req.type === 'delete') written = req.keys;
  else written = req.keys ?? req.values.map((value: Record<string, unknown>) => keyOf(value));
  const bySeq = new Map<number, Set<unknown>>();
  for (const key of written) {
    const found = rows.get(key);
    if (!found) continue;
    const keys = bySeq.get(found.seq) ?? new Set<unknown>();
    keys.add(key);
    bySeq.set(found.seq, keys);
  }
  const writes: Promise<unknown>[] = [];
  for (const [seq, keys] of bySeq) {
    const chunk = reader.chunk(seq);
    if (!chunk) continue;
    // A chunk is never edited (landed-chunk.ts): it is replaced by one without the written rows.
    writes.push(landed.mutate({ type: 'delete', trans, keys: [seq] }));
    const kept = chunk.rows.filter((row) => !keys.has(keyOf(row)));
    if (kept.length > 0) {
      const replacement: LandedChunk = { table: chunk.table, rows: kept };
      writes.push(landed.mutate({ type: 'add', trans, values: [replacement] }));
    }
  }
  return P.all(writes);
}
