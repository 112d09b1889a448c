import type { UserSettingsPatch } from '../entities/user-settings.ts';
import { userSettingsPatchSchema } from '../entities/user-settings.ts';
import type { CommandContext } from './command-context.ts';
import { writeChange } from './write-change.ts';

/** Tables an import may add rows to (conflicts and subscriptions are server-owned). */
export type ImportableTable = 'notes' | 'diary_entries' | 'mood_entries' | 'recordings';

export interface ImportRow {
  table: ImportableTable;
  /** The whole row, with the id and created_at it had at its source. */
  row: Record<string, unknown>;
}

export interface ImportResult {
  added: number;
  /** Rows whose id this journal already holds (also deleted ones): left exactly as they are. */
  skipped: number;
}

/**
 * Imports keep the ids their source gave them, so importing the same file twice adds nothing the
 * second time. Everything is written in ONE transaction with its outbox rows (R5): an invalid row
 * aborts the whole import and the journal is left unchanged.
 */
export function importCommands(ctx: CommandContext) {
  return {
    async importEntries(rows: readonly ImportRow[], settings?: UserSettingsPatch): Promise<ImportResult> {
      const db = ctx.db;
      const settingsPatch = settings ? userSettingsPatchSchema.parse(settings) : null;
      const scope = [
        db.notes,
        db.diary_entries,
        db.mood_entries,
        db.recordings,
        db.user_settings,
        db.outbox,
        db.sync_meta,
      ];
      return db.transaction('rw', scope, async () => {
        let added = 0;
        let skipped = 0;
        for (const { table, row } of rows) {
          const id = row['id'];
          if (typeof id !== 'string') throw new Error(`${table}: a row without an id`);
          if (await db.entityTable(table).get(id)) {
            skipped += 1;
            continue;
          }
          // Audio is never part of an import: the recording belongs to this user and is not uploaded.
          const fields =
            table === 'recordings' ? { ...row, storage_path: `${db.userId}/${id}`, uploaded_at: null } : row;
          await writeChange(db, ctx.ports, table, id, fields, { create: true });
          added += 1;
        }
        if (settingsPatch && Object.keys(settingsPatch).length > 0) {
          await writeChange(db, ctx.ports, 'user_settings', db.userId, settingsPatch);
        }
        return { added, skipped };
      });
    },
  };
}
