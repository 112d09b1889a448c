import { tablePolicy, type SyncedTable } from '../../db/entities/entity-tables.ts';
import { encryptField } from './encrypt-field.ts';

/**
 * A change as it leaves the device of an encrypted journal: each protected field's value encrypted for
 * its own address (table, row, field); every other field, and a protected field being emptied (null),
 * as it was. The local copy and the outbox stay clear; only what is sent is sealed (ADR 0151).
 */
export async function sealPatch(
  key: CryptoKey,
  table: SyncedTable,
  id: string,
  patch: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const sealed: Record<string, unknown> = { ...patch };
  for (const field of Object.keys(tablePolicy(table).protectedFields)) {
    if (!Object.hasOwn(patch, field) || patch[field] === null) continue;
    // A kept value is sealed for the field it was written in, which a conflict row's patch does not
    // name: seal-kept-values.ts seals those with the conflict's row.
    if (table === 'conflicts') throw new Error(`conflicts.${field} is sealed with its conflict's address`);
    sealed[field] = await encryptField(key, { table, id, field }, patch[field]);
  }
  return sealed;
}
