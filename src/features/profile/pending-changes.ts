import type { MurmurDatabase } from '../../db/schema.ts';

/** Changes queued in the outbox, not yet on the server (R8: one row per change). */
export function countPendingChanges(db: MurmurDatabase): Promise<number> {
  return db.outbox.count();
}
