import type { MurmurDatabase } from './schema.ts';
import { getMeta, setMeta } from './sync-meta.ts';

export const JOURNAL_KEY = 'journal_key';

/**
 * An encrypted journal's data key as this device holds it once unlocked (ADR 0151), kept in the user's
 * own database beside the clear copy it protects on the server: IndexedDB stores a CryptoKey as it is.
 * The sync engine reads it at each cycle (wherever the engine runs), so an unlock in any tab takes
 * effect at the next sync. Null while the journal is clear, or locked on this device.
 */
export async function heldJournalKey(db: MurmurDatabase): Promise<CryptoKey | null> {
  return (await getMeta<CryptoKey>(db, JOURNAL_KEY)) ?? null;
}

/** Keeps the unlocked data key on this device (unlocking, or turning encryption on here). */
export function holdJournalKey(db: MurmurDatabase, key: CryptoKey): Promise<void> {
  return setMeta(db, JOURNAL_KEY, key);
}

/**
 * Forgets the data key on this device: encryption was turned off, here (after the clear resend was
 * queued, ADR 0152) or elsewhere (the server refused a sealed push, R46).
 */
export async function forgetJournalKey(db: MurmurDatabase): Promise<void> {
  await db.sync_meta.delete(JOURNAL_KEY);
}
