import { pacedLiveQuery } from '../../db/paced-live-query.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { pacedQueryTimers } from '../../lib/live-query/paced-query-timers.ts';
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
  // The reads run in one transaction, so the statistics see one moment of the journal. Paced
  // (src/db/paced-live-query.ts): a sync's commits do not read the whole journal again after each.
  const tables = [db.mood_entries, db.diary_entries, db.notes, db.recordings];
  const input = pacedLiveQuery(
    db,
    tables.map((table) => table.name),
    async (): Promise<InsightsInput> => {
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
    },
    pacedQueryTimers,
  );
  const subscription = input.subscribe(onInput, onError);
  return () => subscription.unsubscribe();
}
