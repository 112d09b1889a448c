import { describe, expect, it } from 'vitest';

import { formatDate, formatNumber, weekStart } from './locale-format.ts';

describe('locale formats', () => {
  it('starts the week on Sunday in the US and on Monday in Germany', () => {
    expect(weekStart('en-US')).toBe(7);
    expect(weekStart('de-DE')).toBe(1);
  });

  it('formats dates and numbers in the chosen locale', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 12));
    expect(formatDate(date, 'en-US', { dateStyle: 'long', timeZone: 'UTC' })).toBe('November 22, 2026');
    expect(formatDate(date, 'de-DE', { dateStyle: 'long', timeZone: 'UTC' })).toBe('22. November 2026');
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
  });
});
