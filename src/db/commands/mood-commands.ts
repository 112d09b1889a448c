import type { MoodEntry } from '../entities/mood-entry.ts';
import { change, nowIso, type CommandContext } from './command-context.ts';
import { writeWithDraftDone } from './form-draft-commands.ts';
import type { Seen } from './rebase-edit.ts';

export type MoodFields = Omit<MoodEntry, 'id' | 'created_at' | 'deleted_at'>;

/** A save from the check-in form names the form's draft, which goes in the same transaction. */
export interface MoodSaveOptions {
  draftKey?: string;
  /** What the check-in form showed when it opened: the save is planned against it (R37, R38). */
  seen?: Seen;
}

/** Named mood commands; each writes the entry and its outbox row in one transaction (R5). */
export function moodCommands(ctx: CommandContext) {
  return {
    /** A check-in at `moment` (now by default) in the device's time zone unless given. */
    async createMoodEntry(
      fields: Pick<MoodEntry, 'level'> & Partial<MoodFields>,
      options: MoodSaveOptions = {},
    ): Promise<string> {
      const id = ctx.ports.ids.next();
      const entry: MoodEntry = {
        id,
        moment: nowIso(ctx),
        time_zone: ctx.ports.clock.timeZone(),
        activities: [],
        note: '',
        ...fields,
        created_at: nowIso(ctx),
        deleted_at: null,
      };
      await writeWithDraftDone(ctx, 'mood_entries', options.draftKey, () =>
        change(ctx, 'mood_entries', id, entry, { create: true }),
      );
      return id;
    },
    updateMoodEntry(
      id: string,
      fields: Partial<MoodFields>,
      options: MoodSaveOptions = {},
    ): Promise<string[]> {
      return writeWithDraftDone(ctx, 'mood_entries', options.draftKey, () =>
        change(ctx, 'mood_entries', id, fields, options.seen ? { seen: options.seen } : {}),
      );
    },
    deleteMoodEntry(id: string): Promise<string[]> {
      return change(ctx, 'mood_entries', id, { deleted_at: nowIso(ctx) }, { allowDeleted: true });
    },
    restoreMoodEntry(id: string): Promise<string[]> {
      return change(ctx, 'mood_entries', id, { deleted_at: null }, { allowDeleted: true });
    },
  };
}
