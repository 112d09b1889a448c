import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';

import { useUserData } from '../../lib/user-data/use-user-data.ts';
import type { InsightsInput, InsightsOptions, InsightsResult } from './insights-types.ts';
import { createInsightsRunner, type InsightsRunner } from './insights-runner.ts';

/** The journal as the statistics read it: live, deleted rows and locked notes left out. */
function useInsightsInput(): InsightsInput | undefined {
  const userData = useUserData();
  return useLiveQuery(async () => {
    if (!userData) return undefined;
    const { db } = userData;
    const [moods, diary, notes, recordings] = await Promise.all([
      db.mood_entries.toArray(),
      db.diary_entries.toArray(),
      db.notes.toArray(),
      db.recordings.toArray(),
    ]);
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
  }, [userData]);
}

/** Insights for the options, recomputed (off the main thread) whenever the journal or options change. */
export function useInsights(options: InsightsOptions): InsightsResult | undefined {
  const input = useInsightsInput();
  const runner = useRef<InsightsRunner | null>(null);
  const [result, setResult] = useState<{ for: unknown; value: InsightsResult }>();
  const { period, today, localZone, weekStart, pixelYear } = options;

  useEffect(() => {
    const created = createInsightsRunner();
    runner.current = created;
    return () => {
      created.close();
      runner.current = null;
    };
  }, []);

  useEffect(() => {
    if (!input || !runner.current) return;
    let current = true;
    const key = { input, period };
    runner.current
      .run(input, { period, today, localZone, weekStart, pixelYear })
      .then((value) => {
        if (current) setResult({ for: key, value });
      })
      .catch((error: unknown) => console.error('Computing insights failed', error));
    return () => {
      current = false;
    };
  }, [input, period, today, localZone, weekStart, pixelYear]);

  return result?.value;
}
