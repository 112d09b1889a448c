import type { RowSync } from './entities/common.ts';

/**
 * Whether a deleted entry holds words written after its delete (R39): an editor that was open when the
 * delete arrived saved into it, so the trash says the words are there.
 */
export function editedAfterDelete(
  row: { deleted_at: string | null; _sync: RowSync },
  textFields: readonly string[],
): boolean {
  if (row.deleted_at === null) return false;
  const deletedAt = row._sync.hlc['deleted_at'] ?? '';
  return textFields.some((field) => (row._sync.hlc[field] ?? '') > deletedAt);
}
