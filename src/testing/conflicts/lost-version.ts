import type { Stored } from '../../db/entities/common.ts';
import type { Conflict } from '../../db/entities/conflict.ts';

/**
 * A value sync kept because a concurrent edit on another device won (R20–R21), as a pull stores it:
 * unresolved, and known to this device only until the server's copy arrives.
 */
export function lostVersion(
  conflict: Pick<Conflict, 'id' | 'table_name' | 'row_id' | 'field' | 'losing_value'>,
  createdAt: number,
): Stored<Conflict> {
  return {
    ...conflict,
    kind: 'lww_lost',
    losing_hlc: '',
    winning_hlc: '',
    reason: 'concurrent write',
    created_at: new Date(createdAt).toISOString(),
    resolved_at: null,
    _sync: { version: 0, hlc: {} },
  };
}
