import type { MurmurDatabase } from './schema.ts';

/**
 * True while this database has never pulled (its first sync is still to come) or a walk of pull pages
 * has stopped short of the server's clock (`catching_up`, written with each walked page): a first sync
 * is under way. Background work that reads the whole journal waits for it rather than read thousands of
 * rows as they arrive, on the cores the sync itself needs.
 */
export async function isCatchingUp(db: MurmurDatabase): Promise<boolean> {
  const [cursor, catchingUp] = await db.sync_meta.bulkGet(['cursor', 'catching_up']);
  return ((cursor?.value as number | undefined) ?? 0) === 0 || catchingUp?.value === true;
}
