import type { Transaction } from 'dexie';

import type { Stored } from '../entities/common.ts';
import type { Note } from '../entities/note.ts';
import { withNoteListKeys } from '../note-list-index.ts';

/**
 * Schema version 4: notes are indexed in list order (docs/adr/0097). Stored notes get their derived keys
 * here; every later write derives them itself. Nothing queued changes: the keys are never synced.
 */
export async function addNoteListKeys(tx: Transaction): Promise<void> {
  const notes = tx.table<Stored<Note>, string>('notes');
  const rows = await notes.toArray();
  await notes.bulkPut(rows.map((row) => withNoteListKeys(row)));
}
