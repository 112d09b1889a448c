import { useEffect, useState } from 'react';

import type { MurmurDatabase } from '../../db/schema.ts';
import { forEachChunk } from '../../db/read-in-chunks.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { DEFAULT_ACTIVITIES } from './mood-levels.ts';

/**
 * The activities to offer: the ones the user has used, most used first, then the starter set. Read as
 * the check-in form opens, so an activity added in one check-in is offered by the next. Not live: it
 * reads every check-in, and as a live query it read them all again at each save and each transcribed
 * word, right as the save's push was reading the outbox (and the form was about to close).
 */
export function useActivitySuggestions(): string[] {
  const db = useUserData()?.db;
  const [read, setRead] = useState<{ db: MurmurDatabase; suggestions: string[] } | null>(null);
  useEffect(() => {
    if (!db) return;
    let current = true;
    usedActivities(db).then(
      (suggestions) => {
        if (current) setRead({ db, suggestions });
      },
      (error: unknown) => console.error('Reading the activities used before failed', error),
    );
    return () => {
      current = false;
    };
  }, [db]);
  return read && read.db === db ? read.suggestions : [...DEFAULT_ACTIVITIES];
}

async function usedActivities(db: MurmurDatabase): Promise<string[]> {
  const counts = new Map<string, number>();
  // In chunks, not by cursor (an event per check-in), so no task turns every check-in into objects.
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
}
