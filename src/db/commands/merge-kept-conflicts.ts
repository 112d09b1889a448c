import type { Stored } from '../entities/common.ts';
import type { Conflict } from '../entities/conflict.ts';
import { isSyncedTable, tablePolicy } from '../entities/entity-tables.ts';
import { keepsEveryWord } from '../merge/keeps-every-word.ts';
import { mergeText } from '../merge/merge-text.ts';
import { nowIso, type CommandContext } from './command-context.ts';
import { changeScope, writeChange } from './write-change.ts';

/** How far back conflicts are looked at: they are merged at the pull that brings them. */
const RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * Remembers, per conflict, the stored value its merge was last tried against and found overlapping, so
 * later pulls do not diff the same texts again. Belongs to one engine; forgetting it only costs a diff.
 */
export type TriedMerges = Map<string, string>;

/** A server conflict between two text edits of one base, which a device may merge (R40). */
function isMergeable(conflict: Stored<Conflict>): conflict is Stored<Conflict> & {
  field: string;
  base_value: string;
  losing_value: string;
} {
  return (
    conflict.kind === 'lww_lost' &&
    conflict.resolved_at === null &&
    conflict._sync.version > 0 &&
    conflict.field !== null &&
    typeof conflict.base_value === 'string' &&
    typeof conflict.losing_value === 'string'
  );
}

/**
 * R40: two edits of one text field that started from the same base and reached the server at once
 * (both pushed before either pulled the other) meet there, which keeps the one that lost as a conflict
 * with the base text. Where the two sides changed different words, and the merge keeps every word of
 * both, this device writes the three-way merge of the base, the stored value and the losing value, and
 * resolves the conflict, in one transaction. Otherwise the conflict stays for the person to see. Any device may do it:
 * the merge is deterministic, so two devices doing it at once write the same text and make no new
 * conflict. Answers how many conflicts it merged.
 */
export async function mergeKeptConflicts(ctx: CommandContext, tried: TriedMerges): Promise<number> {
  const since = new Date(ctx.ports.clock.now() - RECENT_MS).toISOString();
  const recent = await ctx.db.conflicts.where('created_at').above(since).toArray();
  let merged = 0;
  for (const conflict of recent) {
    if (!isMergeable(conflict) || !isSyncedTable(conflict.table_name)) continue;
    const table = conflict.table_name;
    if (!tablePolicy(table).textFields.includes(conflict.field)) continue;
    const done = await ctx.db.transaction(
      'rw',
      [...changeScope(ctx.db, table), ctx.db.conflicts],
      async () => {
        const current = await ctx.db.conflicts.get(conflict.id);
        const row = await ctx.db.entityTable(table).get(conflict.row_id);
        // Resolved meanwhile, or the entry is gone or in the trash: the conflict stays as it is.
        if (!current || current.resolved_at !== null || !row || row['deleted_at'] != null) return false;
        const stored = row[conflict.field];
        const storedHlc = row._sync.hlc[conflict.field] ?? '';
        if (typeof stored !== 'string' || tried.get(conflict.id) === storedHlc) return false;
        const merge = mergeText(conflict.base_value, stored, conflict.losing_value);
        if (!merge.clean || !keepsEveryWord(merge.text, stored, conflict.losing_value)) {
          tried.set(conflict.id, storedHlc);
          return false;
        }
        if (merge.text !== stored)
          await writeChange(ctx.db, ctx.ports, table, conflict.row_id, { [conflict.field]: merge.text });
        await writeChange(ctx.db, ctx.ports, 'conflicts', conflict.id, { resolved_at: nowIso(ctx) });
        return true;
      },
    );
    if (done) {
      tried.delete(conflict.id);
      merged++;
    }
  }
  return merged;
}
