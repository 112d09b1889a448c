import { holdJournalKey } from '../../../src/db/journal-key.ts';
import { openUserDatabase } from '../../../src/db/open-user-database.ts';

/**
 * Bundled for a page of the app's origin with no app code (prepare-device.ts): opens the user's
 * database with the app's own schema and, given the journal's data key (raw, base64), keeps it there
 * with the app's own `holdJournalKey`, as an unlock does. A device then starts its first sync holding
 * the key, as a second device unlocked before it syncs.
 */
export async function prepareUserDatabase(userId: string, rawKey: string | null): Promise<void> {
  const db = await openUserDatabase(userId);
  try {
    if (rawKey === null) return;
    const bytes = Uint8Array.from(atob(rawKey), (char) => char.charCodeAt(0));
    const key = await crypto.subtle.importKey('raw', bytes, 'AES-GCM', true, ['encrypt', 'decrypt']);
    await holdJournalKey(db, key);
  } finally {
    db.close();
  }
}
