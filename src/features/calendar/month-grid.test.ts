import { describe, expect, it } from 'vitest';

import { addMonths, dayForKey, monthGrid, sameDayInMonth, startOfWeek } from './month-grid.ts';

describe('month grid', () => {
  it('starts weeks on the locale’s first weekday and covers the whole month', () => {
    const mondayFirst = monthGrid('2026-11', 1);
    expect(mondayFirst[0]?.[0]).toBe('2026-10-26');
    expect(mondayFirst.at(-1)?.at(-1)).toBe('2026-12-06');
    expect(mondayFirst).toHaveLength(6);
    const sundayFirst = monthGrid('2026-11', 7);
    expect(sundayFirst[0]?.[0]).toBe('2026-11-01');
    expect(sundayFirst.at(-1)?.at(-1)).toBe('2026-12-05');
    expect(sundayFirst).toHaveLength(5);
    expect(monthGrid('2027-02', 1)).toHaveLength(4);
  });

  it('moves by month and clamps to shorter months', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(sameDayInMonth('2026-01-31', 1)).toBe('2026-02-28');
    expect(sameDayInMonth('2028-03-31', -1)).toBe('2028-02-29');
  });

  it('follows the WAI-ARIA grid keys', () => {
    const day = '2026-11-19'; // a Thursday
    expect(dayForKey(day, 'ArrowLeft', false, 1)).toBe('2026-11-18');
    expect(dayForKey(day, 'ArrowRight', false, 1)).toBe('2026-11-20');
    expect(dayForKey(day, 'ArrowUp', false, 1)).toBe('2026-11-12');
    expect(dayForKey(day, 'ArrowDown', false, 1)).toBe('2026-11-26');
    expect(dayForKey(day, 'Home', false, 1)).toBe('2026-11-16');
    expect(dayForKey(day, 'End', false, 1)).toBe('2026-11-22');
    expect(dayForKey(day, 'Home', false, 7)).toBe('2026-11-15');
    expect(dayForKey(day, 'PageUp', false, 1)).toBe('2026-10-19');
    expect(dayForKey(day, 'PageDown', true, 1)).toBe('2027-11-19');
    expect(dayForKey(day, 'Enter', false, 1)).toBeNull();
    expect(startOfWeek('2026-11-22', 1)).toBe('2026-11-16');
  });
});
