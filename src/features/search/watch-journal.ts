import { pacedLiveQuery } from '../../db/paced-live-query.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { pacedQueryTimers } from '../../lib/live-query/paced-query-timers.ts';
import { diaryDocument, moodDocument, noteDocument, type JournalDocument } from './journal-documents.ts';

/**
 * Every searchable entry of the user's journal (deleted ones left out), now and after each change —
 * made on this thread, another tab or a worker alike (Dexie tells every context of the origin). Paced
 * (src/db/paced-live-query.ts): while a sync writes ten thousand entries, the journal is read and
 * indexed again at most once per stretch of commits, not after each (twice, as a Dexie live query
 * does for another context's commit), so far fewer reads queue in front of the sync's next transaction.
 */
export function watchJournal(
  db: MurmurDatabase,
  onDocuments: (documents: JournalDocument[]) => void,
  onError: (error: unknown) => void,
): () => void {
  const tables = [db.notes, db.diary_entries, db.mood_entries];
  const journal = pacedLiveQuery(
    db,
    tables.map((table) => table.name),
    async () => {
      const [notes, diary, moods] = await db.transaction('r', tables, () =>
        Promise.all([db.notes.toArray(), db.diary_entries.toArray(), db.mood_entries.toArray()]),
      );
      return [
        ...notes.filter((note) => note.deleted_at === null).map(noteDocument),
        ...diary.filter((entry) => entry.deleted_at === null).map(diaryDocument),
        ...moods.filter((entry) => entry.deleted_at === null && entry.note !== '').map(moodDocument),
      ];
    },
    pacedQueryTimers,
  );
  const subscription = journal.subscribe(onDocuments, onError);
  return () => subscription.unsubscribe();
}
