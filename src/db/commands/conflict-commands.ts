import { isSyncedTable, tablePolicy } from '../entities/entity-tables.ts';
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
