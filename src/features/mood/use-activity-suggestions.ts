import { useLiveQuery } from 'dexie-react-hooks';

import { forEachChunk } from '../../db/read-in-chunks.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { DEFAULT_ACTIVITIES } from './mood-levels.ts';

/**
 * The activities to offer: the ones the user has used, most used first, then the starter set. Adding
 * a new one in a check-in adds it here the moment that check-in is saved.
 */
export function useActivitySuggestions(): string[] {
  const userData = useUserData();
  return (
    useLiveQuery(async () => {
      if (!userData) return [...DEFAULT_ACTIVITIES];
      const { db } = userData;
      const counts = new Map<string, number>();
      // In chunks, not by cursor (an event per check-in), and in a transaction of its own so the live-query
      // cache keeps only the counts, not every check-in (ADR 0101).
      await db.transaction('r', db.mood_entries, () =>
        forEachChunk(db.mood_entries, 500, (entries) => {
          for (const entry of entries) {
            if (entry.deleted_at !== null) continue;
            for (const activity of entry.activities) counts.set(activity, (counts.get(activity) ?? 0) + 1);
          }
        }),
      );
      const used = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
      return [...used, ...DEFAULT_ACTIVITIES.filter((activity) => !counts.has(activity))];
    }, [userData]) ?? [...DEFAULT_ACTIVITIES]
  );
}
