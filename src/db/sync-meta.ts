import type { IdSource } from './ports.ts';
import type { MurmurDatabase } from './schema.ts';

/**
 * Small persistent state in the `sync_meta` table. Reads and writes join the caller's transaction.
 * Keys: `client` (this database's client id, shared by its tabs), `hlc` (last HLC issued or seen),
 * `cursor` (highest server_version applied), `pulls` (pull counter for digest checks), `digest_at`
 * (when the last digest was asked for), `acked_seq`
 * (highest outbox seq whose push acknowledgement is recorded, R14a), `pulled_seq` (R27a), `lease:<name>`,
 * `catching_up` (a walk of pull pages stopped short of the clock: catching-up.ts), `journal_key` (an
 * encrypted journal's key on this device: journal-key.ts), `resending` (where turning encryption on
 * or off stopped resending what was written before: encryption-commands.ts), `turning_off` (turning
 * encryption off confirmed, not finished: turning-encryption-off.ts), `cloud_transcription_allowed`
 * (an encrypted journal's recordings may go to the chosen cloud service from this device),
 * `audio_resealing` (how far the recordings' stored audio was sealed or opened: audio-resealing.ts).
 */
export async function getMeta<T>(db: MurmurDatabase, key: string): Promise<T | undefined> {
  const row = await db.sync_meta.get(key);
  return row?.value as T | undefined;
}

export async function setMeta(db: MurmurDatabase, key: string, value: unknown): Promise<void> {
  await db.sync_meta.put({ key, value });
}

/**
 * The client id of this database, created on first use. All tabs of one database share it. Read and
 * created in one transaction: two tabs, or a tab and its sync worker, starting on a new database at
 * once would otherwise each store an id, and one of them would go on with an id the other overwrote.
 * Inside a caller's transaction (a command's), it joins that one.
 */
export async function getClientId(db: MurmurDatabase, ids: IdSource): Promise<string> {
  return db.transaction('rw', db.sync_meta, async () => {
    const existing = await getMeta<string>(db, 'client');
    if (existing) return existing;
    const id = ids.next();
    await setMeta(db, 'client', id);
    return id;
  });
}

export async function getHlcState(db: MurmurDatabase): Promise<string> {
  return (await getMeta<string>(db, 'hlc')) ?? '';
}

/** What a pull cycle starts from (R13, R28): its counters and the cursor, in one request. */
export interface PullStart {
  /** Pulls this database has made. */
  pulls: number;
  /** When its last digest was asked for (ms), if ever. */
  digestAt: number | undefined;
  cursor: number;
}

export async function getPullStart(db: MurmurDatabase): Promise<PullStart> {
  const [pulls, digestAt, cursor] = await db.sync_meta.bulkGet(['pulls', 'digest_at', 'cursor']);
  return {
    pulls: (pulls?.value as number | undefined) ?? 0,
    digestAt: digestAt?.value as number | undefined,
    cursor: (cursor?.value as number | undefined) ?? 0,
  };
}

export async function getCursor(db: MurmurDatabase): Promise<number> {
  return (await getMeta<number>(db, 'cursor')) ?? 0;
}

/** The highest outbox seq whose push acknowledgement this database recorded (0 before any). */
export async function getAckedMutationSeq(db: MurmurDatabase): Promise<number> {
  return (await getMeta<number>(db, 'acked_seq')) ?? 0;
}

/**
 * The server's `last_mutation_seq` for this client as of a pull page that reached its clock, the highest
 * such applied (0 before any, and after a reset). INVARIANT: every push of this client up to this seq
 * has its versions at or below the stored cursor, so a poke's page that starts at the cursor holds no
 * row older than those pushes (R27a).
 */
export async function getPulledMutationSeq(db: MurmurDatabase): Promise<number> {
  return (await getMeta<number>(db, 'pulled_seq')) ?? 0;
}

/** Moves the acknowledged seq forward to `seq` (never back); call inside the acknowledging transaction. */
export async function recordAckedMutationSeq(db: MurmurDatabase, seq: number): Promise<void> {
  if (seq > (await getAckedMutationSeq(db))) await setMeta(db, 'acked_seq', seq);
}
