import type { MurmurDatabase } from '../schema.ts';
import { getCursor } from '../sync-meta.ts';

/**
 * True while this database has never pulled (its first sync is still to come) or holds rows a catch-up
 * landed whole and has not settled into their tables yet (docs/adr/0113): a first sync is under way.
 * Background work that reads the whole journal waits for it rather than read thousands of rows as they
 * arrive, on the cores the sync itself needs.
 */
export async function isCatchingUp(db: MurmurDatabase): Promise<boolean> {
  const [cursor, landedChunks] = await Promise.all([getCursor(db), db.landed.count()]);
  return cursor === 0 || landedChunks > 0;
}
