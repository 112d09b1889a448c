import type { IdSource } from './ports.ts';
import type { MurmurDatabase } from './schema.ts';

/**
 * Small persistent state in the `sync_meta` table. Reads and writes join the caller's transaction.
 * Keys: `client` (this database's client id, shared by its tabs), `hlc` (last HLC issued or seen),
 * `cursor` (highest server_version applied), `pulls` (pull counter for digest checks), `lease:<name>`.
 */
export async function getMeta<T>(db: MurmurDatabase, key: string): Promise<T | undefined> {
  const row = await db.sync_meta.get(key);
  return row?.value as T | undefined;
}

export async function setMeta(db: MurmurDatabase, key: string, value: unknown): Promise<void> {
  await db.sync_meta.put({ key, value });
}

/** The client id of this database, created on first use. All tabs of one database share it. */
export async function getClientId(db: MurmurDatabase, ids: IdSource): Promise<string> {
  const existing = await getMeta<string>(db, 'client');
  if (existing) return existing;
  const id = ids.next();
  await setMeta(db, 'client', id);
  return id;
}

export async function getHlcState(db: MurmurDatabase): Promise<string> {
  return (await getMeta<string>(db, 'hlc')) ?? '';
}

export async function setHlcState(db: MurmurDatabase, hlc: string): Promise<void> {
  const current = await getHlcState(db);
  if (hlc > current) await setMeta(db, 'hlc', hlc);
}

export async function getCursor(db: MurmurDatabase): Promise<number> {
  return (await getMeta<number>(db, 'cursor')) ?? 0;
}
