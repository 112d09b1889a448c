import { isSyncedTable, tablePolicy, type SyncedTable } from '../../db/entities/entity-tables.ts';
import { JournalDecryptionError } from './crypto-errors.ts';
import { decryptField } from './decrypt-field.ts';
import { isEncryptedValue } from './encrypted-value.ts';
import type { FieldAddress } from './field-address.ts';

/** What becomes of one sealed value at its address: opened with the key, or refused without one. */
export type OpenSealed = (address: FieldAddress, sealed: string) => Promise<unknown>;

function openValue(open: OpenSealed, address: FieldAddress, value: unknown): Promise<unknown> {
  // Written before the journal was encrypted (or while it was being encrypted): clear, kept as it is.
  return isEncryptedValue(value) ? open(address, value) : Promise.resolve(value);
}

/** A rejected change kept whole: its protected fields are sealed for the entry it was meant for. */
async function openKeptPatch(open: OpenSealed, table: string, id: string, patch: unknown): Promise<unknown> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  if (!isSyncedTable(table)) throw new JournalDecryptionError(`a change kept for the unknown table ${table}`);
  return openRowWith(open, table, id, patch as Record<string, unknown>);
}

async function openConflict(open: OpenSealed, data: Readonly<Record<string, unknown>>) {
  const opened: Record<string, unknown> = { ...data };
  const table = String(data['table_name']);
  const id = String(data['row_id']);
  const field = data['field'];
  if (typeof field === 'string') {
    for (const kept of ['losing_value', 'base_value'])
      if (Object.hasOwn(data, kept)) opened[kept] = await openValue(open, { table, id, field }, data[kept]);
  } else if (Object.hasOwn(data, 'losing_value')) {
    opened['losing_value'] = await openKeptPatch(open, table, id, data['losing_value']);
  }
  return opened;
}

/**
 * Every protected value of a row (a conflict's kept values included) passed through `open` when it is
 * sealed; clear values and the fields the server reads are kept as they are.
 */
export async function openRowWith(
  open: OpenSealed,
  table: SyncedTable,
  id: string,
  data: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  if (table === 'conflicts') return openConflict(open, data);
  const opened: Record<string, unknown> = { ...data };
  for (const field of Object.keys(tablePolicy(table).protectedFields))
    if (Object.hasOwn(data, field)) opened[field] = await openValue(open, { table, id, field }, data[field]);
  return opened;
}

/**
 * A pulled row (or a poke's) of an encrypted journal as the device stores it: every protected field
 * decrypted for its address, before the row is checked or applied. Throws JournalDecryptionError when
 * any value was altered, moved or sealed under another key, so nothing is written from that row.
 */
export function openRow(
  key: CryptoKey,
  table: SyncedTable,
  id: string,
  data: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  return openRowWith((address, sealed) => decryptField(key, address, sealed), table, id, data);
}
