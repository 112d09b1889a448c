import type { DiaryEntry } from '../entities/diary-entry.ts';
import {
  change,
  currentSettings,
  edit,
  nowIso,
  type CommandContext,
  type SavedFields,
} from './command-context.ts';
import type { Seen } from './rebase-edit.ts';
import { changeScope, writeChange } from './write-change.ts';

export type DiaryFields = Omit<DiaryEntry, 'id' | 'created_at' | 'deleted_at' | 'time_zone'>;

/** Named diary commands; each writes the entry and its outbox row in one transaction (R5). */
export function diaryCommands(ctx: CommandContext) {
  return {
    /** The id a new entry's draft will create it under (writes nothing; the draft may never be written). */
    newDiaryEntryId(): string {
      return ctx.ports.ids.next();
    },
    /**
     * A new entry for `day`, stamped with the device's time zone unless given. Returns its id. With `id`
     * (from newDiaryEntryId), a second create of the same entry fails with EntityExistsError rather than
     * making a copy.
     */
    async createDiaryEntry(
      fields: Pick<DiaryEntry, 'day'> & Partial<DiaryFields> & { time_zone?: string },
      id: string = ctx.ports.ids.next(),
    ): Promise<string> {
      await ctx.db.transaction(
        'rw',
        [...changeScope(ctx.db, 'diary_entries'), ctx.db.user_settings],
        async () => {
          const settings = await currentSettings(ctx);
          const entry: DiaryEntry = {
            id,
            title: '',
            body: '',
            font: settings.default_diary_font,
            color: settings.default_diary_color,
            font_size: settings.default_diary_font_size,
            time_zone: ctx.ports.clock.timeZone(),
            ...fields,
            created_at: nowIso(ctx),
            deleted_at: null,
          };
          await writeChange(ctx.db, ctx.ports, 'diary_entries', id, entry, { create: true });
        },
      );
      return id;
    },
    /** The diary editor's save, planned against what it showed (R37–R39). */
    editDiaryEntry(id: string, fields: Partial<DiaryFields>, seen: Seen): Promise<SavedFields> {
      return edit(ctx, 'diary_entries', id, fields, seen);
    },
    updateDiaryEntry(id: string, fields: Partial<DiaryFields> & { time_zone?: string }): Promise<string[]> {
      return change(ctx, 'diary_entries', id, fields);
    },
    deleteDiaryEntry(id: string): Promise<string[]> {
      return change(ctx, 'diary_entries', id, { deleted_at: nowIso(ctx) }, { allowDeleted: true });
    },
    restoreDiaryEntry(id: string): Promise<string[]> {
      return change(ctx, 'diary_entries', id, { deleted_at: null }, { allowDeleted: true });
    },
  };
}
