import type { MurmurDatabase } from '../schema.ts';
import { nowIso, type CommandContext } from './command-context.ts';
import { EntityNotFoundError } from './change-errors.ts';
import { deleteRecordingScope, deleteRecordingWithin } from './delete-recording-within.ts';
import { changeScope, writeChange } from './write-change.ts';

/** Why "Delete forever" refused: only a note in the trash can be purged. */
export class NoteNotInTrashError extends Error {
  constructor(id: string) {
    super(`notes ${id} is not in the trash; delete it first`);
    this.name = 'NoteNotInTrashError';
  }
}

/** Why "Delete forever" refused: only a deleted diary entry can be purged. */
export class DiaryEntryNotDeletedError extends Error {
  constructor(id: string) {
    super(`diary_entries ${id} is not deleted; delete it first`);
    this.name = 'DiaryEntryNotDeletedError';
  }
}

/** The words each purgeable table holds, emptied by a purge. */
const EMPTIED = {
  notes: { title: '', body: '', tags: [] },
  diary_entries: { title: '', body: '' },
} as const;
type PurgeableTable = keyof typeof EMPTIED;

function purgeScope(db: MurmurDatabase, table: PurgeableTable) {
  return [
    ...new Set([...changeScope(db, table), ...changeScope(db, 'conflicts'), ...deleteRecordingScope(db)]),
  ];
}

/**
 * "Delete forever" and "Empty trash" (R42). Each writes every change of its entries and their outbox
 * rows in one transaction (R5).
 */
export function purgeCommands(ctx: CommandContext) {
  /** Empties one deleted entry; must run inside a transaction over purgeScope(table). */
  async function purge(table: PurgeableTable, id: string): Promise<void> {
    const entry = await ctx.db.entityTable(table).get(id);
    if (!entry) throw new EntityNotFoundError(table, id);
    if (entry['deleted_at'] === null) {
      throw table === 'notes' ? new NoteNotInTrashError(id) : new DiaryEntryNotDeletedError(id);
    }
    await writeChange(ctx.db, ctx.ports, table, id, EMPTIED[table], { allowDeleted: true });
    // The versions sync kept of its words (R20, R38) would otherwise keep them, and show them.
    const conflicts = await ctx.db.conflicts.where('[table_name+row_id]').equals([table, id]).toArray();
    for (const conflict of conflicts) {
      await writeChange(ctx.db, ctx.ports, 'conflicts', conflict.id, {
        losing_value: null,
        // The text both edits started from (R40) is the entry's words too.
        ...(conflict.base_value == null ? {} : { base_value: null }),
        resolved_at: conflict.resolved_at ?? nowIso(ctx),
      });
    }
    // Its recordings are its words too: each is deleted with its transcript emptied, and its audio
    // removed from this device and queued for removal from Storage.
    const recordings = await ctx.db.recordings.where('entry_id').equals(id).primaryKeys();
    for (const recording of recordings) {
      await deleteRecordingWithin(ctx, recording, { transcript: '', segments: [] });
    }
  }

  return {
    /**
     * Deletes a note in the trash forever: its title, body and tags, the versions sync kept of them and
     * its recordings (transcript and audio) go, each change pushed like any other, so the server and
     * every device lose the words too. The tombstone stays, so deletes still converge (R24).
     */
    async purgeNote(id: string): Promise<void> {
      await ctx.db.transaction('rw', purgeScope(ctx.db, 'notes'), () => purge('notes', id));
    },
    /** Deletes every note in the trash forever, as purgeNote does each; one purged already changes nothing. */
    async emptyNotesTrash(): Promise<void> {
      await ctx.db.transaction('rw', purgeScope(ctx.db, 'notes'), async () => {
        // Only deleted notes are in the deleted_at index: a null is not indexed.
        const deleted = await ctx.db.notes.where('deleted_at').above('').primaryKeys();
        for (const id of deleted) await purge('notes', id);
      });
    },
    /** Deletes a deleted diary entry forever, as purgeNote does a note. */
    async purgeDiaryEntry(id: string): Promise<void> {
      await ctx.db.transaction('rw', purgeScope(ctx.db, 'diary_entries'), () => purge('diary_entries', id));
    },
  };
}
