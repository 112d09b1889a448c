import { DEMO_SERVICE_ROLE_KEY } from '../../../server/keys.ts';
import { tablePolicy } from '../../../src/db/entities/entity-tables.ts';
import { decryptField } from '../../../src/sync/crypto/decrypt-field.ts';
import { isEncryptedValue } from '../../../src/sync/crypto/encrypted-value.ts';
import { unlockWithPassphrase, type KeyEnvelope } from '../../../src/sync/crypto/key-envelope.ts';
import { SUPABASE_URL } from '../../e2e/support/session.ts';
import type { JournalRow } from './journal-rows.ts';

const PAGE = 1_000;
const headers = { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` };

/** What the server stores of one of the user's tables, read as the service role: as anyone with the database. */
async function serverRows(userId: string, table: string): Promise<Map<string, Record<string, unknown>>> {
  const rows = new Map<string, Record<string, unknown>>();
  for (let offset = 0; ; offset += PAGE) {
    const response = await fetch(
      `${SUPABASE_URL}/rest/v1/${table}?select=*&user_id=eq.${userId}&order=id&limit=${PAGE}&offset=${offset}`,
      { headers },
    );
    if (!response.ok) throw new Error(`reading the server's ${table}: ${response.status}`);
    const page = (await response.json()) as Record<string, unknown>[];
    for (const row of page) rows.set(String(row['id']), row);
    if (page.length < PAGE) return rows;
  }
}

/** The data key, opened from the envelope the server keeps with the passphrase, as an unlock does. */
export async function unlockFromServer(userId: string, passphrase: string): Promise<CryptoKey> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/journal_keys?select=envelope&user_id=eq.${userId}`, {
    headers,
  });
  const [row] = (await response.json()) as { envelope: KeyEnvelope }[];
  if (!row) throw new Error('the server keeps no key envelope for this journal');
  return unlockWithPassphrase(row.envelope, passphrase);
}

/** A value with nothing in it reveals nothing, and is not resent (as encryption-commands.ts judges). */
export function hasWords(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/**
 * How the server's copy of `originals` falls short of an encrypted journal, as readable lines (none when
 * it is whole): a row missing, a protected field with words still clear, and, given the key, a sealed
 * value that does not open, opens to something other than what was written, or opens to another
 * sealed value (sealed twice).
 */
export async function sealedJournalFaults(
  userId: string,
  originals: readonly JournalRow[],
  key: CryptoKey | null,
): Promise<string[]> {
  const faults: string[] = [];
  const tables = [...new Set(originals.map(({ table }) => table))];
  const stored = new Map(
    await Promise.all(tables.map(async (table) => [table, await serverRows(userId, table)] as const)),
  );
  for (const { table, row } of originals) {
    const onServer = stored.get(table)?.get(row.id);
    if (!onServer) {
      faults.push(`${table} ${row.id}: not on the server`);
      continue;
    }
    for (const field of Object.keys(tablePolicy(table).protectedFields)) {
      const written = row[field];
      const value = onServer[field];
      if (!hasWords(written)) continue;
      if (!isEncryptedValue(value)) {
        faults.push(`${table}.${field} of ${row.id}: clear on the server`);
        continue;
      }
      if (!key) continue;
      let opened: unknown;
      try {
        opened = await decryptField(key, { table, id: row.id, field }, value);
      } catch (error) {
        faults.push(`${table}.${field} of ${row.id}: does not open (${String(error)})`);
        continue;
      }
      if (isEncryptedValue(opened)) faults.push(`${table}.${field} of ${row.id}: sealed twice`);
      else if (JSON.stringify(opened) !== JSON.stringify(written))
        faults.push(`${table}.${field} of ${row.id}: opens to ${JSON.stringify(opened).slice(0, 80)}`);
    }
  }
  return faults;
}
