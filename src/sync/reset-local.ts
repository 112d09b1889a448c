/**
 * Reset (R26): when the server answers reset_required (our cursor is older than its tombstone
 * horizon) or a digest disagrees (R28), forget every synced row EXCEPT rows with queued changes, mark
 * the kept rows as never seen (version 0) and pull from cursor 0. Queued changes are never touched.
 * Local-only conflicts (version 0) are kept too. Rows kept sealed (R47) go: the pull from 0 brings them.
 */
import type { MurmurDatabase } from '../db/schema.ts';
import { setMeta } from '../db/sync-meta.ts';
import { allSyncTables } from './apply-pull-page.ts';

export async function resetLocal(db: MurmurDatabase): Promise<void> {
  await db.transaction('rw', [...allSyncTables(db), db.outbox, db.sync_meta, db.sealed_rows], async () => {
    const queued = await db.outbox.toArray();
    const pending = new Set(queued.map((q) => `${q.table}\u0000${q.entity_id}`));
    for (const store of allSyncTables(db)) {
      const rows = await store.toArray();
      for (const row of rows) {
        if (row._sync.version === 0) continue;
        if (pending.has(`${store.name}\u0000${row.id}`)) {
          await store.put({ ...row, _sync: { ...row._sync, version: 0 } } as never);
        } else {
          await store.delete(row.id);
        }
      }
    }
    // Pulled again from 0, like every other pulled row (R47).
    await db.sealed_rows.clear();
    await setMeta(db, 'cursor', 0);
    // The invariant of pulled_seq holds for the cursor it was stored with (R27a).
    await db.sync_meta.delete('pulled_seq');
  });
}
