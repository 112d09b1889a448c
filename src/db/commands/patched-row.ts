import { z } from 'zod';

/**
 * The row `patch` makes of `current`, checked against the table's schema. A row as stored passed that
 * schema when it was written (every writer checks: the commands here, the pull as each page arrives),
 * so when the schema is a plain object schema only the patched fields are checked, each against its
 * own schema: an autosave of a long note checks the body it changed, not every field of the note
 * again. Otherwise, and whenever a patched field fails, the whole row goes through the schema, whose
 * error is the one the caller gets.
 */
export function patchedRow(
  schema: z.ZodType<Record<string, unknown>>,
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
  id: string,
): Record<string, unknown> {
  if (schema instanceof z.ZodObject && (schema._zod.def.checks?.length ?? 0) === 0) {
    const shape: Record<string, z.ZodType | undefined> = schema.shape;
    const next: Record<string, unknown> = { ...current };
    let valid = true;
    for (const field of Object.keys(patch)) {
      const checked = shape[field]?.safeParse(patch[field]);
      if (!checked?.success) {
        valid = false;
        break;
      }
      next[field] = checked.data;
    }
    if (valid) {
      next['id'] = id;
      return next;
    }
  }
  return schema.parse({ ...current, ...patch, id });
}
