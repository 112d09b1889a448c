import { isSyncedTable } from '../../db/entities/entity-tables.ts';
import { encryptField } from './encrypt-field.ts';
import { sealPatch } from './seal-patch.ts';

/** Where a conflict's kept values were written: the entry and field they are sealed for. */
export interface KeptAt {
  table_name: string;
  row_id: string;
  field: string | null;
}

/** A conflict's values a device resends (R48): what lost, and the base text of the edit that made it. */
const KEPT_FIELDS = ['losing_value', 'base_value'] as const;

/**
 * A change to a conflict as it leaves the device of an encrypted journal (R48): each kept value sealed
 * where the server would have kept it sealed, for the entry and field it was written in (a rejected
 * change kept whole: each of its protected fields for its own address), so that open-row.ts opens it
 * the same way. Emptying (null) and every other field go as they are.
 */
export async function sealKeptValues(
  key: CryptoKey,
  kept: KeptAt,
  patch: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const table = kept.table_name;
  if (!isSyncedTable(table)) throw new Error(`A conflict kept for the unknown table ${table}`);
  const sealed: Record<string, unknown> = { ...patch };
  for (const field of KEPT_FIELDS) {
    const value = patch[field];
    if (value === undefined || value === null) continue;
    if (kept.field !== null) {
      sealed[field] = await encryptField(key, { table, id: kept.row_id, field: kept.field }, value);
    } else if (typeof value === 'object' && !Array.isArray(value)) {
      sealed[field] = await sealPatch(key, table, kept.row_id, value as Record<string, unknown>);
    } else {
      throw new Error(`A rejected change kept for ${table} ${kept.row_id} is not a change`);
    }
  }
  return sealed;
}
