/**
 * Applying one pulled page (R13–R15), in ONE transaction over every synced table, the outbox and
 * sync_meta, so the cursor never gets ahead of the rows it covers.
 *
 * - Version guard (R13): a row whose version is not above the local row's is skipped, so re-delivered
 *   and reordered pages are harmless.
 * - Rebase (R14): a field with a queued local change keeps its local value while that change's HLC is
 *   newer than the server's; every other field takes the server's value and HLC. A queued change that
 *   is older would lose on the server anyway (and be kept as a conflict there, R20), so showing it
 *   would only make replicas disagree.
 * - HLC receive (R11): the local clock state moves past every HLC seen.
 * - Kept sealed rows (R47): on a device without the key, rows holding a sealed value go to
 *   `sealed_rows` instead (one per entity, the newest), and a row applied or skipped here removes a kept
 *   one of its entity that is not newer, so the store never holds what the tables already have.
 */
import type { Table } from 'dexie';

import type { Stored } from '../db/entities/common.ts';
import { isSyncedTable, type SyncedTable } from '../db/entities/entity-tables.ts';
import { maxHlc } from '../db/hlc.ts';
import { readInChunks } from '../db/read-in-chunks.ts';
import type { MurmurDatabase, SealedRow } from '../db/schema.ts';
import {
  getAckedMutationSeq,
  getCursor,
  getHlcState,
  getPulledMutationSeq,
  setMeta,
} from '../db/sync-meta.ts';
import { resendAgainFrom } from '../db/resending.ts';
import { digestRows } from './digest.ts';
import type { ServerRow, TableDigest } from './protocol.ts';

/** Rows per request when the digest (R28) reads a table: each a few ms of structured clone at 1× CPU. */
const DIGEST_READ_CHUNK = 1_000;

export interface PageResult {
  cursor: number;
  /**
   * True when nothing was applied because the pages were read on the server before a push whose
   * acknowledgement this database has recorded since (R14a): they are to be fetched again.
   */
  stale?: boolean;
  /** Tables whose local digest differs from the server's (only computed when a digest was sent). */
  digestMismatch: string[];
}

export function allSyncTables(db: MurmurDatabase) {
  return [
    db.notes,
    db.diary_entries,
    db.mood_entries,
    db.user_settings,
    db.recordings,
    db.subscriptions,
    db.conflicts,
  ];
}

function groupByTable(rows: ServerRow[]): Map<SyncedTable, ServerRow[]> {
  const groups = new Map<SyncedTable, ServerRow[]>();
  for (const row of rows) {
    if (!isSyncedTable(row.table)) continue; // a table from a newer server: ignored, not an error
    const group = groups.get(row.table);
    if (group) group.push(row);
    else groups.set(row.table, [row]);
  }
  return groups;
}

/** The fields with a queued local change, per "table\0id" of the page's rows (R14). */
async function pendingFields(db: MurmurDatabase, rows: ServerRow[]): Promise<Map<string, Set<string>>> {
  const fields = new Map<string, Set<string>>();
  if ((await db.outbox.count()) === 0) return fields;
  const keys = rows.filter((row) => isSyncedTable(row.table)).map((row) => [row.table, row.id]);
  const queued = await db.outbox.where('[table+entity_id]').anyOf(keys).toArray();
  for (const change of queued) {
    const key = `${change.table}\u0000${change.entity_id}`;
    const set = fields.get(key) ?? new Set<string>();
    for (const field of Object.keys(change.patch)) set.add(field);
    fields.set(key, set);
  }
  return fields;
}

type StoredRow = Stored<Record<string, unknown>>;

/**
 * The stored rows among `ids`. A first sync brings thousands of ids that do not exist yet: fetching each
 * miss by value is the slowest part of applying a page, while all the table's keys come in one request,
 * so a large page reads the keys first and fetches only the rows that exist. A small page (the usual
 * realtime case) just looks its ids up.
 */
async function storedRows(store: Table<StoredRow, string>, ids: string[]): Promise<Map<string, StoredRow>> {
  let wanted = ids;
  if (ids.length > 100) {
    const keys = new Set(await store.toCollection().primaryKeys());
    wanted = ids.filter((id) => keys.has(id));
  }
  const rows = wanted.length === 0 ? [] : await store.bulkGet(wanted);
  const found = new Map<string, StoredRow>();
  rows.forEach((row, index) => {
    if (row) found.set(wanted[index] ?? '', row);
  });
  return found;
}

export interface ApplyOptions {
  /**
   * Given by a walk of pull pages: whether pages after these are still to come. Stored as `catching_up`
   * in the same transaction, so a reader knows a first sync is under way (catching-up.ts).
   */
  moreToCome?: boolean;
  /**
   * The server's `last_mutation_seq` for this client when it read the pages (the lowest of the
   * group's): the pages are stale if an acknowledgement of a later push is recorded here (R14a).
   * Omitted only by tests that apply rows read straight from the server.
   */
  snapshotMutationSeq?: number;
  /** The pages end at the server's clock as they read it: `snapshotMutationSeq` is stored as pulled_seq. */
  reachesClock?: boolean;
  /**
   * The rows are a poke's (R27a), every row after this version up to `nextCursor`: applied only when
   * the stored cursor is exactly this, and no push of ours acknowledged here is newer than pulled_seq
   * (which would make the poke's rows possibly older than that push's, R14a). Otherwise stale.
   */
  pokeFrom?: number;
  /**
   * Rows of these pages that hold a sealed value, pulled or poked by a device without the key (R47):
   * kept in `sealed_rows` in the same transaction, unless the entity's row here or a kept one is as new.
   */
  keep?: ServerRow[];
  /**
   * The rows are kept rows opened with the key (keptRowsApplied): applied only when no push of ours
   * acknowledged here is newer than pulled_seq, as a poke's (R14a), since they may have been pulled
   * before it; otherwise stale. The cursor stays where it is.
   */
  fromKept?: boolean;
  /**
   * The rows were opened with the key this device retired when it turned encryption off (ADR 0152):
   * the server holds them sealed, so the clear resend is set back to cover those applied here.
   */
  resendClear?: boolean;
}

const keptKey = (table: string, id: string) => `${table}\u0000${id}`;

/**
 * Writes pulled rows. INVARIANT: `rows` passed validatePulledRows (a fetched page's check() does it as
 * each page arrives, so the cost is spread over the pages rather than paid for thousands of rows in one
 * task).
 */
export async function applyPullPage(
  db: MurmurDatabase,
  rows: ServerRow[],
  nextCursor: number,
  digest: Record<string, TableDigest> | undefined,
  options: ApplyOptions = {},
): Promise<PageResult> {
  const {
    moreToCome,
    snapshotMutationSeq,
    reachesClock,
    pokeFrom,
    keep = [],
    fromKept,
    resendClear,
  } = options;
  const scope = [...allSyncTables(db), db.outbox, db.sync_meta, db.sealed_rows];
  return db.transaction('rw', scope, async () => {
    const groups = [...groupByTable(rows)];
    // Stored rows are read for the kept rows' entities too: a sealed row older than its entity is not kept.
    const storedTables = [...groupByTable([...rows, ...keep])];
    // Every read goes out at once, and one read and one write per table instead of three IndexedDB
    // requests per row: each awaited request is a round trip to the browser's database process, so a
    // realtime page of one row would otherwise wait for six in turn, and a first sync's 500-row page
    // for 1,500.
    const keptKeys = [...rows, ...keep]
      .filter((row) => isSyncedTable(row.table))
      .map((row): [string, string] => [row.table, row.id]);
    const [ackedSeq, pulledSeq, queuedFields, storedByTable, hlcState, storedCursor, keptRows] =
      await Promise.all([
        getAckedMutationSeq(db),
        getPulledMutationSeq(db),
        pendingFields(db, rows),
        Promise.all(
          storedTables.map(([table, tableRows]) =>
            storedRows(db.entityTable(table), [...new Set(tableRows.map((row) => row.id))]),
          ),
        ),
        getHlcState(db),
        getCursor(db),
        // A first sync's page looks up none of its thousands of ids while nothing is kept.
        keptKeys.length === 0
          ? []
          : db.sealed_rows.count().then((count) => (count === 0 ? [] : db.sealed_rows.bulkGet(keptKeys))),
      ]);
    // R14a: the server read these pages before a push of ours that is acknowledged here since; the
    // push's outbox rows are gone, so R14 could not keep their values over the older ones.
    if (snapshotMutationSeq !== undefined && snapshotMutationSeq < ackedSeq) {
      return { cursor: storedCursor, digestMismatch: [], stale: true };
    }
    if (pokeFrom !== undefined && (storedCursor !== pokeFrom || pulledSeq < ackedSeq)) {
      return { cursor: storedCursor, digestMismatch: [], stale: true };
    }
    // R14a for kept rows: pulled before a push acknowledged since, they wait for a pull to the clock,
    // which brings that push's versions and so removes every kept row it made older.
    if (fromKept && pulledSeq < ackedSeq) {
      return { cursor: storedCursor, digestMismatch: [], stale: true };
    }
    const stored = new Map(storedTables.map(([table], index) => [table, storedByTable[index]]));
    const kept = new Map<string, SealedRow>();
    for (const row of keptRows) if (row) kept.set(keptKey(row.table, row.id), row);
    /** Kept rows to write (a row) or remove (null) by this transaction. */
    const keptChanges = new Map<string, SealedRow | null>();
    let seen = '';
    const writes: Promise<unknown>[] = [];
    // Read together below; a failure before then aborts the transaction, which reports it.
    const issue = (write: Promise<unknown>) => {
      write.catch(() => undefined);
      writes.push(write);
    };
    // What the clear resend must cover again (resendClear only).
    const applied: { table: SyncedTable; id: string }[] = [];
    for (const [table, tableRows] of groups) {
      const store = db.entityTable(table);
      const current = stored.get(table) ?? new Map<string, StoredRow>();
      const changed = new Map<string, StoredRow>();
      for (const row of tableRows) {
        const local = current.get(row.id);
        const keptOne = kept.get(keptKey(table, row.id));
        // A kept row no newer than this one would never win: it goes, applied or not (R47).
        if (keptOne && keptOne.version <= row.version) {
          kept.delete(keptKey(table, row.id));
          keptChanges.set(keptKey(table, row.id), null);
        }
        if (local && local._sync.version >= row.version) continue;
        const data: Record<string, unknown> = { ...row.data };
        const hlc: Record<string, string> = { ...row.hlc };
        if (local) {
          for (const field of queuedFields.get(`${table}\u0000${row.id}`) ?? []) {
            const localHlc = local._sync.hlc[field] ?? '';
            if (localHlc > (row.hlc[field] ?? '')) {
              data[field] = local[field];
              hlc[field] = localHlc;
            }
          }
        }
        const next = { ...data, _sync: { version: row.version, hlc } };
        current.set(row.id, next);
        changed.set(row.id, next);
        seen = maxHlc(seen, ...Object.values(row.hlc));
      }
      // One call per table: the engine runs in a worker (ADR 0139), where cloning a group's rows in
      // one task holds no one's input.
      if (changed.size > 0) issue(store.bulkPut([...changed.values()]));
      if (resendClear) for (const id of changed.keys()) applied.push({ table, id });
    }
    if (resendClear) issue(resendAgainFrom(db, applied));
    // After the clear rows, so a sealed row is kept only when newer than what the tables now hold.
    for (const row of keep) {
      if (!isSyncedTable(row.table)) continue;
      const local = stored.get(row.table)?.get(row.id);
      if (local && local._sync.version >= row.version) continue;
      const key = keptKey(row.table, row.id);
      const keptOne = kept.get(key);
      if (keptOne && keptOne.version >= row.version) continue;
      const next: SealedRow = {
        table: row.table,
        id: row.id,
        version: row.version,
        data: row.data,
        hlc: row.hlc,
      };
      kept.set(key, next);
      keptChanges.set(key, next);
    }
    const keptPuts = [...keptChanges.values()].filter((row): row is SealedRow => row !== null);
    const keptDeletes = [...keptChanges.entries()]
      .filter(([, row]) => row === null)
      .map(([key]) => key.split('\u0000') as [string, string]);
    if (keptPuts.length > 0) issue(db.sealed_rows.bulkPut(keptPuts));
    if (keptDeletes.length > 0) issue(db.sealed_rows.bulkDelete(keptDeletes));
    // The clock state only moves forward (R11); this transaction holds sync_meta, so the read above is
    // still the stored state.
    if (seen > hlcState) issue(setMeta(db, 'hlc', seen));
    const cursor = Math.max(storedCursor, nextCursor);
    issue(setMeta(db, 'cursor', cursor));
    if (moreToCome !== undefined) issue(setMeta(db, 'catching_up', moreToCome));
    // Every push up to the snapshot's seq has its versions at or below the clock, and so the cursor.
    if (reachesClock && snapshotMutationSeq !== undefined && snapshotMutationSeq > pulledSeq) {
      issue(setMeta(db, 'pulled_seq', snapshotMutationSeq));
    }
    await Promise.all(writes);
    const digestMismatch: string[] = [];
    // While rows are kept sealed the tables lack them, so a digest would differ: it waits (R47).
    if (digest && (await db.sealed_rows.count()) === 0) {
      for (const [table, expected] of Object.entries(digest)) {
        if (!isSyncedTable(table)) continue;
        // Read in chunks of whole rows (a getAll each) rather than through a filtered cursor: the cursor
        // called back once per row and, with 10,000 notes, held every synced table (and so any save) for
        // about half a second on a fast machine. Between chunks input and painting get in.
        const synced = (await readInChunks(db.entityTable(table), DIGEST_READ_CHUNK)).filter(
          (r) => r._sync.version > 0,
        );
        const actual = digestRows(synced.map((r) => ({ id: String(r['id']), version: r._sync.version })));
        if (actual.count !== expected.count || actual.hash !== expected.hash) digestMismatch.push(table);
      }
    }
    return { cursor, digestMismatch };
  });
}
