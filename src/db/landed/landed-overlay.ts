import Dexie, {
  type DBCore,
  type DBCoreCursor,
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
import { indexEntries, inCursorOrder, inRange, type IndexEntry } from './index-entries.ts';
import { countLanded, landedEntries } from './landed-entries.ts';
import { tableRowOf } from './landed-row-form.ts';
import { LandedReader, type LandedTable } from './landed-view.ts';
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

/**
 * Every method sends its requests to the table and to the landed store at once, and goes on in
 * chained Dexie promises rather than awaits: Dexie's middleware below reads the transaction from
 * Dexie's zone, which only its own promises carry across a step.
 */
function overlay(table: DBCoreTable, landed: DBCoreTable, reader: LandedReader): DBCoreTable {
  const primaryKey = table.schema.primaryKey;
  const keyOf = (row: Record<string, unknown>): unknown => primaryKey.extractKey?.(row);
  /** This table's landed rows as `trans` sees them; undefined when there are none. */
  const landedOf = (trans: DBCoreTransaction) =>
    P.resolve(reader.read(trans)).then((view) => {
      const landedTable = view.get(table.name);
      return landedTable && landedTable.rows.size > 0 ? landedTable : undefined;
    });
  /**
   * The table's own entries and the landed ones. The table's own are read with `limit` and `direction`
   * when given: with no id in both, the merge's first n are among the table's first n and the landed.
   */
  const merge = (
    trans: DBCoreTransaction,
    query: DBCoreQueryRequest['query'],
    landedTable: LandedTable,
    read: {
      wantValues: boolean;
      unique: boolean;
      limit?: number;
      direction?: DBCoreQueryRequest['direction'];
    },
  ) => {
    const { wantValues, unique, limit, direction } = read;
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
      // A unique direction's first n keys may need more than n entries.
      const landedInRange = landedEntries(landedTable, index, primaryKey, range, {
        limit: unique ? undefined : limit,
        fromEnd: direction === 'prev',
        unique,
      });
      for (const entry of landedInRange) entries.push(entry);
      // A landed row goes out as a copy: its chunk is shared by every read (landed-view.ts).
      const copied = (entry: IndexEntry): unknown =>
        landedTable.rows.get(entry.primaryKey)?.row === entry.value ? landedCopy(entry.value) : entry.value;
      return { entries, copied };
    });
  };

  return {
    ...table,
    get(req) {
      return P.all([table.get(req), landedOf(req.trans)]).then(
        ([own, landedTable]: [unknown, LandedTable | undefined]) => {
          if (own !== undefined) return own;
          const found = landedTable?.rows.get(req.key);
          return found ? landedCopy(found.row) : undefined;
        },
      );
    },
    getMany(req) {
      return P.all([table.getMany(req), landedOf(req.trans)]).then(
        ([own, landedTable]: [unknown[], LandedTable | undefined]) => {
          if (!landedTable) return own;
          return own.map((row, i) => {
            if (row !== undefined) return row;
            const found = landedTable.rows.get(req.keys[i]);
            return found ? landedCopy(found.row) : undefined;
          });
        },
      );
    },
    query(req) {
      return P.all([table.query(req), landedOf(req.trans)]).then(
        ([own, landedTable]: [DBCoreQueryResponse, LandedTable | undefined]) => {
          if (!landedTable) return own;
          const { limit, direction } = req;
          const unique = direction === 'nextunique' || direction === 'prevunique';
          const read = { wantValues: req.values === true, unique, limit, direction };
          return merge(req.trans, req.query, landedTable, read).then(({ entries, copied }) => {
            const sorted = inCursorOrder(entries, direction ?? 'next');
            const kept = limit === undefined ? sorted : sorted.slice(0, limit);
            return { result: kept.map((entry) => (req.values ? copied(entry) : entry.primaryKey)) };
          });
        },
      );
    },
    count(req) {
      return P.all([table.count(req), landedOf(req.trans)]).then(
        ([own, landedTable]: [number, LandedTable | undefined]) =>
          landedTable ? own + countLanded(landedTable, req.query.index, primaryKey, req.query.range) : own,
      );
    },
    openCursor(req: DBCoreOpenCursorRequest) {
      return P.all([table.openCursor(req), landedOf(req.trans)]).then(
        ([own, landedTable]: [DBCoreCursor | null, LandedTable | undefined]) => {
          if (!landedTable) return own;
          // The table's own cursor is left where it opened; its transaction does not wait for it.
          const read = { wantValues: req.values !== false, unique: req.unique === true };
          return merge(req.trans, req.query, landedTable, read).then(({ entries, copied }) => {
            const direction =
              `${req.reverse ? 'prev' : 'next'}${req.unique ? 'unique' : ''}` as IDBCursorDirection;
            const visited = inCursorOrder(entries, direction);
            // Copied only when read: a block further down a list skips past thousands of rows.
            const valueOf = req.values === false ? undefined : copied;
            return arrayCursor(req.trans, visited, req.reverse === true, valueOf);
          });
        },
      );
    },
    mutate(req) {
      // The write goes out at once, as its caller expects (it may commit right after, see landed-work.ts).
      const write = table.mutate(req);
      const drop = landedOf(req.trans).then((landedTable) =>
        dropLanded(req, landedTable?.rows, keyOf, landed, reader),
      );
      holdCommitFor(req.trans, drop);
      return P.all([write, drop]).then(([result]: [DBCoreMutateResponse, unknown]) => result);
    },
  };
}

/** A landed row as its table stores it, copied: its chunk is shared by every read (landed-view.ts). */
function landedCopy(row: unknown): Record<string, unknown> {
  return tableRowOf(structuredClone(row as Record<string, unknown>));
}

/** Removes from their chunks the landed rows a write replaces or deletes (landed-chunk.ts invariants). */
function dropLanded(
  req: DBCoreMutateRequest,
  rows: LandedTable['rows'] | undefined,
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
