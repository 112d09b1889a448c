import type { Note } from '../entities/note.ts';
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

export type NoteFields = Omit<Note, 'id' | 'created_at' | 'deleted_at'>;

/** Named note commands; each writes the note and its outbox row in one transaction (R5). */
export function noteCommands(ctx: CommandContext) {
  return {
    /** An id for a note not created yet: an editor's draft names the note its first words create. */
    newNoteId(): string {
      return ctx.ports.ids.next();
    },
    /**
     * A new note in the user's default font, colour and size unless given. Returns its id. With `id`
     * (from newNoteId), a second create of the same note fails with EntityExistsError rather than
     * making a copy.
     */
    async createNote(fields: Partial<NoteFields> = {}, id: string = ctx.ports.ids.next()): Promise<string> {
      await ctx.db.transaction('rw', [...changeScope(ctx.db, 'notes'), ctx.db.user_settings], async () => {
        const settings = await currentSettings(ctx);
        const note: Note = {
          id,
          title: '',
          body: '',
          font: settings.default_note_font,
          color: settings.default_note_color,
          font_size: settings.default_note_font_size,
          pinned: false,
          locked: false,
          tags: [],
          ...fields,
          created_at: nowIso(ctx),
          deleted_at: null,
        };
        await writeChange(ctx.db, ctx.ports, 'notes', id, note, { create: true });
      });
      return id;
    },
    updateNote(id: string, fields: Partial<NoteFields>): Promise<string[]> {
      return change(ctx, 'notes', id, fields);
    },
    /** The note editor's save, planned against what it showed (R37–R39). */
    editNote(id: string, fields: Partial<NoteFields>, seen: Seen): Promise<SavedFields> {
      return edit(ctx, 'notes', id, fields, seen);
    },
    /** Moves the note to the trash (a tombstone, R24); restoreNote brings it back. */
    deleteNote(id: string): Promise<string[]> {
      return change(ctx, 'notes', id, { deleted_at: nowIso(ctx) }, { allowDeleted: true });
    },
    restoreNote(id: string): Promise<string[]> {
      return change(ctx, 'notes', id, { deleted_at: null }, { allowDeleted: true });
    },
  };
}
