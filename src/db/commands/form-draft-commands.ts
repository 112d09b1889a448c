import type { SyncedTable } from '../entities/entity-tables.ts';
import { nowIso, type CommandContext } from './command-context.ts';
import { editScope } from './write-change.ts';

const MAX_KEY_LENGTH = 200;

function checkedKey(key: string): string {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new Error(`A form draft's key must have 1 to ${MAX_KEY_LENGTH} characters`);
  return key;
}

/** Unsaved forms kept on this device (form-draft.ts); device-local, so no outbox row. */
export function formDraftCommands(ctx: CommandContext) {
  const { db } = ctx;
  return {
    async keepFormDraft(key: string, value: unknown): Promise<void> {
      await db.form_drafts.put({ key: checkedKey(key), value, saved_at: nowIso(ctx) });
    },
    async discardFormDraft(key: string): Promise<void> {
      await db.form_drafts.delete(checkedKey(key));
    },
  };
}

/**
 * Runs `write`, a command on `table`, and removes the form's draft in the same transaction: the entry
 * saved and its draft gone are one step, so a crash between them cannot offer the draft again beside
 * the entry it became (a second check-in saved from it).
 */
export function writeWithDraftDone<T>(
  ctx: CommandContext,
  table: SyncedTable,
  draftKey: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (draftKey === undefined) return write();
  const { db } = ctx;
  // editScope: a save planned against what its form showed may keep a displaced value (R38).
  return db.transaction('rw', [...editScope(db, table), db.form_drafts], async () => {
    const result = await write();
    await db.form_drafts.delete(checkedKey(draftKey));
    return result;
  });
}
