import { liveQuery } from 'dexie';

import type { MurmurDatabase } from '../../db/schema.ts';
import { diaryDocument, moodDocument, noteDocument, type JournalDocument } from './journal-documents.ts';

/**
 * Every searchable entry of the user's journal (deleted ones left out), now and after each change —
 * made on this thread, another tab or a worker alike (Dexie tells every context of the origin).
 */
export function watchJournal(
  db: MurmurDatabase,
  onDocuments: (documents: JournalDocument[]) => void,
  onError: (error: unknown) => void,
): () => void {
  const subscription = liveQuery(async () => {
    const [notes, diary, moods] = await Promise.all([
      db.notes.toArray(),
      db.diary_entries.toArray(),
      db.mood_entries.toArray(),
    ]);
    return [
      ...notes.filter((note) => note.deleted_at === null).map(noteDocument),
      ...diary.filter((entry) => entry.deleted_at === null).map(diaryDocument),
      ...moods.filter((entry) => entry.deleted_at === null && entry.note !== '').map(moodDocument),
    ];
  }).subscribe({ next: onDocuments, error: onError });
  return () => subscription.unsubscribe();
}
