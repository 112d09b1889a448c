import { computeInsights } from '../../src/features/insights/compute-insights.ts';
import type { InsightsInput, Period } from '../../src/features/insights/insights-types.ts';
import type { Benchmark, Metric } from './benchmark.ts';
import { summarize } from './summarize.ts';

const ENTRIES = 10_000;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'] as const;
const ACTIVITIES = ['work', 'family', 'exercise', 'friends', 'sleep', 'reading'] as const;

/**
 * About eleven years of journaling: 10,000 check-ins every ~8 hours across three zones, with a diary
 * entry on every third day. Deterministic, so runs compare.
 */
function journal(): InsightsInput {
  const start = Date.UTC(2016, 0, 1);
  const moods = Array.from({ length: ENTRIES }, (_, index) => ({
    moment: new Date(start + index * 8.3 * 3_600_000).toISOString(),
    time_zone: ZONES[index % ZONES.length] ?? 'UTC',
    level: ((index * 7) % 5) + 1,
    activities: [
      ACTIVITIES[index % ACTIVITIES.length] ?? 'work',
      ACTIVITIES[(index * 5) % ACTIVITIES.length] ?? 'sleep',
    ],
    note: index % 4 === 0 ? 'Walked to the river after work, felt lighter.' : '',
  }));
  const diary = Array.from({ length: 1_200 }, (_, index) => ({
    day: new Date(start + index * 3 * 86_400_000).toISOString().slice(0, 10),
    title: 'Evening',
    body: 'A few lines about the day, the weather and what is next.',
  }));
  return { moods, diary, notes: [], recordings: [] };
}

/**
 * The statistics of /insights over 10,000 check-ins, timed on this thread. The screen runs them in a
 * Web Worker (docs/adr/0061); this figure says how long that worker is busy and why it must exist
 * (one 50 ms task is the bar for running them on the main thread). Not yet measured: the whole
 * /insights screen in Chromium at 4× CPU.
 */
export const insightsStatistics: Benchmark = {
  name: 'insights-statistics',
  description: `computeInsights over ${ENTRIES.toLocaleString('en-US')} check-ins (worker time), per period`,
  async run({ runs, log }) {
    const input = journal();
    const options = {
      today: '2026-11-22',
      localZone: 'Europe/Berlin',
      weekStart: 1 as const,
      pixelYear: 2026,
    };
    computeInsights(input, { ...options, period: 'all' }); // warm-up nobody counts
    const metrics: Metric[] = [];
    for (const period of ['month', 'year', 'all'] as const satisfies readonly Period[]) {
      const samples: number[] = [];
      for (let run = 0; run < Math.max(runs, 1); run += 1) {
        const started = performance.now();
        computeInsights(input, { ...options, period });
        samples.push(performance.now() - started);
      }
      const { median, p95, runs: count } = summarize(samples);
      metrics.push({
        name: `statistics, ${period}: ${ENTRIES} check-ins`,
        unit: 'ms',
        median: Math.round(median),
        p95: Math.round(p95),
        runs: count,
        note: 'runs in a Web Worker; 50 ms would be the main-thread bar',
      });
      log(`insights-statistics: ${period} done`);
    }
    await Promise.resolve();
    return { metrics };
  },
};
