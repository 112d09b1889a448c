import { nowIso, type CommandContext } from './command-context.ts';
import { EntityNotFoundError } from './change-errors.ts';
import { changeScope, writeChange } from './write-change.ts';

/** Why "Delete forever" refused: only a note in the trash can be purged. */
export class NoteNotInTrashError extends Error {
  constructor(id: string) {
    super(`notes ${id} is not in the trash; delete it first`);
    this.name = 'NoteNotInTrashError';
  }
}

/**
 * "Delete forever" and "Empty trash" (R42). Each writes every change of its notes and their outbox rows
 * in one transaction (R5).
 */
export function purgeCommands(ctx: CommandContext) {
  const scope = () => [
    ...new Set([
      ...changeScope(ctx.db, 'notes'),
      ...changeScope(ctx.db, 'conflicts'),
      ...changeScope(ctx.db, 'recordings'),
    ]),
  ];

  /** Empties one deleted note; must run inside a transaction over scope(). */
  async function purge(id: string): Promise<void> {
    const note = await ctx.db.notes.get(id);
    if (!note) throw new EntityNotFoundError('notes', id);
    if (note.deleted_at === null) throw new NoteNotInTrashError(id);
    await writeChange(
      ctx.db,
      ctx.ports,
      'notes',
      id,
      { title: '', body: '', tags: [] },
      { allowDeleted: true },
    );
    // The versions sync kept of its words (R20, R38) would otherwise keep them, and show them.
    const conflicts = await ctx.db.conflicts.where('[table_name+row_id]').equals(['notes', id]).toArray();
    for (const conflict of conflicts) {
      await writeChange(ctx.db, ctx.ports, 'conflicts', conflict.id, {
        losing_value: null,
        resolved_at: conflict.resolved_at ?? nowIso(ctx),
      });
    }
    // A recording's transcript is words of the note's too. Its audio stays until the recording itself is
    // deleted (deleteRecording removes it from this device and from Storage).
    const recordings = await ctx.db.recordings.where('entry_id').equals(id).primaryKeys();
    for (const recording of recordings) {
      await writeChange(
        ctx.db,
        ctx.ports,
        'recordings',
        recording,
        { transcript: '', segments: [] },
        { allowDeleted: true },
      );
    }
  }

  return {
    /**
     * Deletes a note in the trash forever: its title, body and tags, the versions sync kept of them and
     * its recordings' transcripts are emptied, each pushed like any change, so the server and every
     * device lose the words too. The tombstone stays, so deletes still converge (R24).
     */
    async purgeNote(id: string): Promise<void> {
      await ctx.db.transaction('rw', scope(), () => purge(id));
    },
    /** Deletes every note in the trash forever, as purgeNote does each; one purged already changes nothing. */
    async emptyNotesTrash(): Promise<void> {
      await ctx.db.transaction('rw', scope(), async () => {
        // Only deleted notes are in the deleted_at index: a null is not indexed.
        const deleted = await ctx.db.notes.where('deleted_at').above('').primaryKeys();
        for (const id of deleted) await purge(id);
      });
    },
  };
}
