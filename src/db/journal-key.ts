import type { MurmurDatabase } from './schema.ts';
import { getMeta, setMeta } from './sync-meta.ts';

export const JOURNAL_KEY = 'journal_key';
export const RETIRED_JOURNAL_KEY = 'retired_journal_key';

/**
 * An encrypted journal's data key as this device holds it once unlocked (ADR 0151), kept in the user's
 * own database beside the clear copy it protects on the server: IndexedDB stores a CryptoKey as it is.
 * The sync engine reads it at each cycle (wherever the engine runs), so an unlock in any tab takes
 * effect at the next sync. Null while the journal is clear, or locked on this device.
 */
export async function heldJournalKey(db: MurmurDatabase): Promise<CryptoKey | null> {
  return (await getMeta<CryptoKey>(db, JOURNAL_KEY)) ?? null;
}

/**
 * Keeps the unlocked data key on this device (unlocking, or turning encryption on here). A key retired
 * by an earlier turning off goes: what is sealed from now on is sealed with this one.
 */
export function holdJournalKey(db: MurmurDatabase, key: CryptoKey): Promise<void> {
  return db.transaction('rw', db.sync_meta, async () => {
    await setMeta(db, JOURNAL_KEY, key);
    await db.sync_meta.delete(RETIRED_JOURNAL_KEY);
  });
}

/**
 * Forgets the data key on this device: encryption was turned off, here (after the clear resend was
 * queued, ADR 0152) or elsewhere (the server refused a sealed push, R46).
 */
export async function forgetJournalKey(db: MurmurDatabase): Promise<void> {
  await db.sync_meta.delete(JOURNAL_KEY);
}

/**
 * The data key this device held when it turned encryption off (ADR 0152), kept to open, never to seal:
 * an entry another device pushed sealed just before the envelope was removed, and that this device had
 * not pulled, reaches it sealed afterwards; opened with this key it is resent clear by this device, the
 * only one that can. Null on a device that never turned encryption off.
 */
export async function retiredJournalKey(db: MurmurDatabase): Promise<CryptoKey | null> {
  return (await getMeta<CryptoKey>(db, RETIRED_JOURNAL_KEY)) ?? null;
}

/** The retired key opened nothing it was given: rows sealed with another key stay kept, as locked. */
export async function forgetRetiredJournalKey(db: MurmurDatabase): Promise<void> {
  await db.sync_meta.delete(RETIRED_JOURNAL_KEY);
}
