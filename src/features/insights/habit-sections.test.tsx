import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderAt } from '../../testing/notes-test-harness.tsx';
import { computeInsights } from './compute-insights.ts';
import { HabitSections } from './habit-sections.tsx';
import type { InsightsOptions } from './insights-types.ts';

const OPTIONS: InsightsOptions = {
  period: 'month',
  today: '2026-11-22',
  localZone: 'Europe/Berlin',
  weekStart: 1,
  pixelYear: 2026,
};

describe('HabitSections', () => {
  it('says nothing about the time of day of check-ins that do not exist', async () => {
    const result = computeInsights({ moods: [], diary: [], notes: [], recordings: [] }, OPTIONS);
    await renderAt('/insights', [
      {
        path: '/insights',
        element: <HabitSections result={result} thisYear={2026} onPixelYear={() => undefined} />,
      },
    ]);
    expect(await screen.findByText('Year in Pixels', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/check in most often/)).toBeNull();
    expect(screen.queryByText(/0 of 0/)).toBeNull();
  });

  it('names the busiest hour once there are check-ins', async () => {
    const moods = [
      { moment: '2026-11-20T07:30:00Z', time_zone: 'Europe/Berlin', level: 4, activities: [], note: '' },
    ];
    const result = computeInsights({ moods, diary: [], notes: [], recordings: [] }, OPTIONS);
    await renderAt('/insights', [
      {
        path: '/insights',
        element: <HabitSections result={result} thisYear={2026} onPixelYear={() => undefined} />,
      },
    ]);
    const summary = screen.getByText(/check in most often around/);
    expect(summary.textContent?.replace(/\s/gu, ' ')).toContain('around 8 AM: 1 of 1 check-ins');
  });
});
