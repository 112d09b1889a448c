import { isSyncedTable, tablePolicy, type SyncedTable } from '../../db/entities/entity-tables.ts';
import type { PushMutation } from '../protocol.ts';
import { encryptField } from './encrypt-field.ts';
import { openRow, openRowWith } from './open-row.ts';
import { sealKeptValues, type KeptAt } from './seal-kept-values.ts';
import { sealPatch } from './seal-patch.ts';

/**
 * An encrypted journal's key where sync meets the network (ADR 0151): each change is sealed as its push
 * request is built, each pulled or poked row opened before the page is checked. The outbox and the local
 * tables stay clear.
 */
export interface JournalCipher {
  sealMutation(mutation: PushMutation): Promise<PushMutation>;
  /**
   * Rows as they came, each row of a known table opened; anything else as it came, for the page's own
   * checks to refuse. Rejects with JournalDecryptionError when a value does not open: nothing of the page
   * is written.
   */
  openRows(rows: readonly unknown[]): Promise<unknown[]>;
}

interface RawRow {
  table: string;
  id: string;
  data: Record<string, unknown>;
}

function isRawRow(value: unknown): value is RawRow {
  if (typeof value !== 'object' || value === null) return false;
  const { table, id, data } = value as Record<string, unknown>;
  return typeof table === 'string' && typeof id === 'string' && typeof data === 'object' && data !== null;
}

/** A conflict's row as the device stores it, for where its kept values were written (R48). */
export type KeptAtLookup = (conflictId: string) => Promise<KeptAt | undefined>;

/** Whether a change to a conflict resends a kept value (R48), which seals with the conflict's row. */
function resendsKeptValue(mutation: PushMutation): boolean {
  const { patch } = mutation;
  return (patch['losing_value'] ?? null) !== null || (patch['base_value'] ?? null) !== null;
}

/**
 * `keptAt` finds a conflict's row on the device; without it a change resending a conflict's kept
 * values (R48) cannot be sealed and throws.
 */
export function journalCipher(key: CryptoKey, keptAt?: KeptAtLookup): JournalCipher {
  async function sealedPatch(table: SyncedTable, mutation: PushMutation) {
    if (table !== 'conflicts' || !resendsKeptValue(mutation))
      return sealPatch(key, table, mutation.id, mutation.patch);
    const kept = await keptAt?.(mutation.id);
    if (!kept) throw new Error(`The conflict ${mutation.id} to resend is not on this device`);
    return sealKeptValues(key, kept, mutation.patch);
  }
  return {
    async sealMutation(mutation) {
      const { table, id } = mutation;
      if (!isSyncedTable(table)) return mutation;
      const patch = await sealedPatch(table, mutation);
      if (!mutation.base_text) return { ...mutation, patch };
      // A base text is sealed for the field it is the base of, as the field's own value is: the server
      // keeps it with a conflict, and a device opens it there with the field's address.
      const protectedFields = tablePolicy(table).protectedFields;
      const baseText: Record<string, string> = {};
      for (const [field, text] of Object.entries(mutation.base_text))
        baseText[field] = Object.hasOwn(protectedFields, field)
          ? await encryptField(key, { table, id, field }, text)
          : text;
      return { ...mutation, patch, base_text: baseText };
    },
    openRows(rows) {
      return Promise.all(
        rows.map(async (row) =>
          isRawRow(row) && isSyncedTable(row.table)
            ? { ...row, data: await openRow(key, row.table, row.id, row.data) }
            : row,
        ),
      );
    },
  };
}

/** Pulled or poked rows split as a device without the key may take them (R47). */
export interface OpenedPulledRows {
  /** Rows the device may store as they are: opened with the key, or clear. */
  open: unknown[];
  /** Rows of a known table with a sealed protected value, on a device without the key: to be kept sealed. */
  sealed: unknown[];
}

/** Whether any protected value of a row (a conflict's kept values included) is sealed. */
async function holdsSealedValue(row: RawRow & { table: SyncedTable }): Promise<boolean> {
  let sealed = false;
  await openRowWith(
    (_address, value) => {
      sealed = true;
      return Promise.resolve(value);
    },
    row.table,
    row.id,
    row.data,
  );
  return sealed;
}

/**
 * Pulled or poked rows as the device may store them: opened with the journal's key; or, on a device
 * without one, the rows whose protected values are all clear as they came, and apart those holding a
 * sealed value, which are kept sealed off every screen until an unlock opens them (R47, ADR 0155).
 * Rejects with JournalDecryptionError when, with the key, a value does not open.
 */
export async function openPulledRows(
  cipher: JournalCipher | null,
  rows: readonly unknown[],
): Promise<OpenedPulledRows> {
  if (cipher) return { open: await cipher.openRows(rows), sealed: [] };
  const open: unknown[] = [];
  const sealed: unknown[] = [];
  for (const row of rows)
    if (isRawRow(row) && isSyncedTable(row.table) && (await holdsSealedValue({ ...row, table: row.table })))
      sealed.push(row);
    else open.push(row);
  return { open, sealed };
}
