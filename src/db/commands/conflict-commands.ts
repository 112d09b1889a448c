import { isSyncedTable, tablePolicy, type SyncedTable } from '../entities/entity-tables.ts';
import { nowIso, type CommandContext } from './command-context.ts';
import { changeScope, EntityNotFoundError, writeChange } from './write-change.ts';

/**
 * Conflicts are created by the server (and pulled) or by the engine for a change the server refused
 * outright. The user may dismiss one, or restore its value: the restore is a new, newer write of the
 * kept value (and an explicit undelete if the entry was deleted, R25), in one transaction with marking
 * the conflict resolved.
 */
export function conflictCommands(ctx: CommandContext) {
  return {
    dismissConflict(id: string): Promise<string[]> {
      return ctx.db.transaction('rw', changeScope(ctx.db, 'conflicts'), async () => {
        return await writeChange(ctx.db, ctx.ports, 'conflicts', id, { resolved_at: nowIso(ctx) });
      });
    },
    /**
     * Words that can no longer be written to their entry (it is not on this device, or they do not fit
     * it), kept as a `rejected` conflict of this device's: in the database, on the entry's page where
     * it exists, and in every export, never only in a log (R39).
     */
    async keepUnwrittenWords(
      table: SyncedTable,
      rowId: string,
      patch: Record<string, unknown>,
      reason: string,
    ): Promise<void> {
      await ctx.db.conflicts.put({
        id: ctx.ports.ids.next(),
        table_name: table,
        row_id: rowId,
        field: null,
        kind: 'rejected',
        losing_value: patch,
        losing_hlc: '',
        winning_hlc: '',
        reason: reason.slice(0, 500),
        created_at: nowIso(ctx),
        resolved_at: null,
        // version 0: known only to this device, as a change the server refused (R16).
        _sync: { version: 0, hlc: {} },
      });
    },
    async restoreConflict(id: string): Promise<void> {
      const conflict = await ctx.db.conflicts.get(id);
      if (!conflict) throw new EntityNotFoundError('conflicts', id);
      const table = conflict.table_name;
      if (!isSyncedTable(table) || !tablePolicy(table).writable)
        throw new Error(`cannot restore into ${table}`);
      const kept: Record<string, unknown> =
        conflict.field === null
          ? { ...(conflict.losing_value as Record<string, unknown>) }
          : { [conflict.field]: conflict.losing_value };
      const immutable = tablePolicy(table).immutable;
      const patch = Object.fromEntries(Object.entries(kept).filter(([field]) => !immutable.includes(field)));
      await ctx.db.transaction(
        'rw',
        [...changeScope(ctx.db, table), ctx.db.conflicts, ctx.db.user_settings],
        async () => {
          const row = await ctx.db.entityTable(table).get(conflict.row_id);
          if (row && row['deleted_at'] != null) patch['deleted_at'] = null;
          await writeChange(ctx.db, ctx.ports, table, conflict.row_id, patch, { allowDeleted: true });
          await writeChange(ctx.db, ctx.ports, 'conflicts', id, { resolved_at: nowIso(ctx) });
        },
      );
    },
  };
}
