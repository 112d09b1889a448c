import { liveQuery } from 'dexie';

import type { MurmurDatabase } from '../../db/schema.ts';
import type { InsightsInput } from './insights-types.ts';

/**
 * The journal as the statistics read it — live entries, locked notes left out — now and after each
 * change made on any thread or tab (Dexie tells every context of the origin). Runs in the insights
 * worker, or on the main thread where there is none.
 */
export function watchInsightsInput(
  db: MurmurDatabase,
  onInput: (input: InsightsInput) => void,
  onError: (error: unknown) => void,
): () => void {
  // The reads run in a transaction of their own: Dexie's live-query cache keeps (and freezes) every row
  // that reads outside a transaction return, for as long as the query lives, which here is the whole
  // journal; only the statistics' input is needed. The reads are observed all the same.
  const tables = [db.mood_entries, db.diary_entries, db.notes, db.recordings];
  const subscription = liveQuery(async (): Promise<InsightsInput> => {
    const [moods, diary, notes, recordings] = await db.transaction('r', tables, () =>
      Promise.all([
        db.mood_entries.toArray(),
        db.diary_entries.toArray(),
        db.notes.toArray(),
        db.recordings.toArray(),
      ]),
    );
    return {
      moods: moods
        .filter((row) => row.deleted_at === null)
        .map(({ moment, time_zone, level, activities, note }) => ({
          moment,
          time_zone,
          level,
          activities,
          note,
        })),
      diary: diary
        .filter((row) => row.deleted_at === null)
        .map(({ day, title, body }) => ({ day, title, body })),
      notes: notes
        .filter((row) => row.deleted_at === null && !row.locked)
        .map(({ created_at, title, body }) => ({ created_at, title, body })),
      recordings: recordings
        .filter((row) => row.deleted_at === null)
        .map(({ created_at, duration_ms, transcript }) => ({ created_at, duration_ms, transcript })),
    };
  }).subscribe({ next: onInput, error: onError });
  return () => subscription.unsubscribe();
}
