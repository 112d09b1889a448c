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
 */
import { isSyncedTable, tablePolicy } from '../db/entities/entity-tables.ts';
import { maxHlc } from '../db/hlc.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { getCursor, setHlcState, setMeta } from '../db/sync-meta.ts';
import { digestRows } from './digest.ts';
import { MalformedResponseError } from './errors.ts';
import type { ServerRow, TableDigest } from './protocol.ts';

export interface PageResult {
  cursor: number;
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

export async function applyPullPage(
  db: MurmurDatabase,
  rows: ServerRow[],
  nextCursor: number,
  digest: Record<string, TableDigest> | undefined,
): Promise<PageResult> {
  for (const row of rows) {
    if (!isSyncedTable(row.table)) continue;
    const parsed = tablePolicy(row.table).schema.safeParse(row.data);
    if (!parsed.success || row.data['id'] !== row.id) {
      throw new MalformedResponseError(`pulled ${row.table} ${row.id} is invalid`);
    }
  }
  return db.transaction('rw', [...allSyncTables(db), db.outbox, db.sync_meta], async () => {
    let seen = '';
    for (const row of rows) {
      if (!isSyncedTable(row.table)) continue; // a table from a newer server: ignored, not an error
      const store = db.entityTable(row.table);
      const local = await store.get(row.id);
      if (local && local._sync.version >= row.version) continue;
      const queued = await db.outbox.where('[table+entity_id]').equals([row.table, row.id]).toArray();
      const pending = new Set(queued.flatMap((q) => Object.keys(q.patch)));
      const data: Record<string, unknown> = { ...row.data };
      const hlc: Record<string, string> = { ...row.hlc };
      if (local) {
        for (const field of pending) {
          const localHlc = local._sync.hlc[field] ?? '';
          if (localHlc > (row.hlc[field] ?? '')) {
            data[field] = local[field];
            hlc[field] = localHlc;
          }
        }
      }
      await store.put({ ...data, _sync: { version: row.version, hlc } });
      seen = maxHlc(seen, ...Object.values(row.hlc));
    }
    if (seen) await setHlcState(db, seen);
    const cursor = Math.max(await getCursor(db), nextCursor);
    await setMeta(db, 'cursor', cursor);
    const digestMismatch: string[] = [];
    if (digest) {
      for (const [table, expected] of Object.entries(digest)) {
        if (!isSyncedTable(table)) continue;
        const synced = await db
          .entityTable(table)
          .filter((r) => r._sync.version > 0)
          .toArray();
        const actual = digestRows(synced.map((r) => ({ id: String(r['id']), version: r._sync.version })));
        if (actual.count !== expected.count || actual.hash !== expected.hash) digestMismatch.push(table);
      }
    }
    return { cursor, digestMismatch };
  });
}
