import { describe, expect, it } from 'vitest';

import { writingStreak } from './writing-streak.ts';

describe('writing streak', () => {
  const today = '2026-11-22';

  it('counts back from today, or from yesterday while today is still empty', () => {
    expect(writingStreak(new Set(['2026-11-20', '2026-11-21', '2026-11-22']), today).current).toBe(3);
    expect(writingStreak(new Set(['2026-11-20', '2026-11-21']), today).current).toBe(2);
    expect(writingStreak(new Set(['2026-11-19', '2026-11-20']), today).current).toBe(0);
    expect(writingStreak(new Set(), today)).toEqual({ current: 0, longest: 0 });
  });

  it('lets a back-filled day join two runs', () => {
    const days = new Set(['2026-11-18', '2026-11-19', '2026-11-21', '2026-11-22']);
    expect(writingStreak(days, today)).toEqual({ current: 2, longest: 2 });
    days.add('2026-11-20');
    expect(writingStreak(days, today)).toEqual({ current: 5, longest: 5 });
  });

  it('remembers the longest run across months and years', () => {
    const days = new Set(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-11-22']);
    expect(writingStreak(days, today)).toEqual({ current: 1, longest: 4 });
  });
});
