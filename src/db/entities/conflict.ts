import { z } from 'zod';

import { idSchema, instantSchema } from './common.ts';

/**
 * A value that did not survive sync, kept so the user can see and restore it (R20–R22):
 * - `lww_lost`: a text value overwritten by a concurrent newer write, or a concurrent write that lost;
 * - `rejected`: a whole change the server refused (the patch is kept in `losing_value`).
 */
export const conflictSchema = z.strictObject({
  id: idSchema,
  table_name: z.string().min(1).max(40),
  row_id: idSchema,
  field: z.string().max(60).nullable(),
  kind: z.enum(['lww_lost', 'rejected']),
  losing_value: z.unknown(),
  losing_hlc: z.string().max(80),
  winning_hlc: z.string().max(80),
  reason: z.string().max(500),
  created_at: instantSchema,
  resolved_at: instantSchema.nullable(),
  /**
   * For `lww_lost`: the text both sides started from, when the change that met the other carried it
   * (R40). A device merges the losing and the stored value three-way against it where they do not
   * overlap. Absent on conflicts kept before it existed.
   */
  base_value: z.string().max(1_000_000).nullable().optional(),
});
export type Conflict = z.infer<typeof conflictSchema>;
