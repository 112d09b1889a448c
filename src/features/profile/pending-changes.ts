import type { MurmurDatabase } from '../../db/schema.ts';

export interface PendingEntity {
  table: string;
  id: string;
  /** The entity as it is on this device now, without sync bookkeeping; null if it was removed locally. */
  entity: Record<string, unknown> | null;
}

export interface PendingChangesExport {
  format: 'murmur-pending-changes';
  version: 1;
  user_id: string;
  exported_at: string;
  change_count: number;
  entities: PendingEntity[];
}

/** Changes queued in the outbox, not yet on the server (R8: one row per change). */
export function countPendingChanges(db: MurmurDatabase): Promise<number> {
  return db.outbox.count();
}

/**
 * Everything the outbox would still push, as the entities it touches (each once, in first-change
 * order), so a user signing out can keep what has not reached the server.
 */
export async function exportPendingChanges(
  db: MurmurDatabase,
  exportedAt: string,
): Promise<PendingChangesExport> {
  const rows = await db.outbox.orderBy('seq').toArray();
  const entities = new Map<string, PendingEntity>();
  for (const row of rows) {
    const key = `${row.table}/${row.entity_id}`;
    if (entities.has(key)) continue;
    const stored = (await db.table(row.table).get(row.entity_id)) as Record<string, unknown> | undefined;
    const entity = stored
      ? Object.fromEntries(Object.entries(stored).filter(([name]) => name !== '_sync'))
      : null;
    entities.set(key, { table: row.table, id: row.entity_id, entity });
  }
  return {
    format: 'murmur-pending-changes',
    version: 1,
    user_id: db.userId,
    exported_at: exportedAt,
    change_count: rows.length,
    entities: [...entities.values()],
  };
}

/** Offers the export as a JSON download. */
export function downloadJson(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
