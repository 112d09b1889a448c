// liveQuery looks for a global indexedDB before it runs a query (Dexie issue 2046).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';

import { openTestJournal } from '../../testing/test-journal.ts';
import { createInsightsRunner } from './insights-runner.ts';
import type { InsightsOptions, InsightsResult } from './insights-types.ts';

const options: InsightsOptions = {
  period: 'all',
  today: '2026-11-22',
  localZone: 'Europe/Berlin',
  weekStart: 1,
  pixelYear: 2026,
};
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** Without a Worker (as here), the runner reads and computes on this thread, with the same contract. */
describe('insights runner', () => {
  it('computes from the journal itself and again whenever it changes, tagged with the options', async () => {
    const { db, commands } = await openTestJournal('u-insights-runner', 50);
    await commands.createMoodEntry({
      level: 4,
      moment: '2026-11-20T09:00:00.000Z',
      time_zone: 'Europe/Berlin',
    });
    const runner = createInsightsRunner(db);
    closers.push(
      () => runner.close(),
      () => db.close(),
    );
    const results: { options: InsightsOptions; result: InsightsResult }[] = [];
    runner.onResult((computedFor, result) => results.push({ options: computedFor, result }));
    runner.setOptions(options);
    await expect.poll(() => results.at(-1)?.result.checkIns).toBe(1);
    expect(results.at(-1)?.options).toEqual(options);

    await commands.createMoodEntry({
      level: 2,
      moment: '2026-11-21T09:00:00.000Z',
      time_zone: 'Europe/Berlin',
    });
    await expect.poll(() => results.at(-1)?.result.checkIns).toBe(2);
    expect(results.at(-1)?.result.mean).toBe(3);

    runner.setOptions({ ...options, period: 'week', today: '2026-11-21' });
    await expect.poll(() => results.at(-1)?.options.period).toBe('week');
  });
});
