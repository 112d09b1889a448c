import { useEffect, useRef, useState } from 'react';

import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { createInsightsRunner, type InsightsRunner } from './insights-runner.ts';
import type { InsightsOptions, InsightsResult } from './insights-types.ts';

const sameOptions = (a: InsightsOptions, b: InsightsOptions) =>
  a.period === b.period &&
  a.today === b.today &&
  a.localZone === b.localZone &&
  a.weekStart === b.weekStart &&
  a.pixelYear === b.pixelYear;

/**
 * Insights for the options, computed off the main thread from the journal as it is now, and again
 * whenever it changes. Undefined until the first result for these options arrives.
 */
export function useInsights(options: InsightsOptions): InsightsResult | undefined {
  const userData = useUserData();
  const runner = useRef<InsightsRunner | null>(null);
  const [latest, setLatest] = useState<{ options: InsightsOptions; result: InsightsResult }>();
  const { period, today, localZone, weekStart, pixelYear } = options;

  useEffect(() => {
    if (!userData) return;
    const created = createInsightsRunner(userData.db);
    created.onResult((computedFor, result) => setLatest({ options: computedFor, result }));
    runner.current = created;
    return () => {
      created.close();
      runner.current = null;
    };
  }, [userData]);

  // Declared after the runner's effect, so a new runner (another user) is given the options too.
  useEffect(() => {
    runner.current?.setOptions({ period, today, localZone, weekStart, pixelYear });
  }, [userData, period, today, localZone, weekStart, pixelYear]);

  return latest && sameOptions(latest.options, options) ? latest.result : undefined;
}
