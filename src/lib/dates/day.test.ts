import { describe, expect, it } from 'vitest';

import { addDays, dayOf, formatDay, isDay, localInstant } from './day.ts';

describe('calendar days', () => {
  it('accepts only real dates', () => {
    expect(isDay('2026-11-22')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('22.11.2026')).toBe(false);
    expect(isDay(undefined)).toBe(false);
  });

  it('steps across months, years and daylight-saving changes', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-11-22', -365)).toBe('2025-11-22');
  });

  it('finds the day an instant fell on in the entry’s time zone', () => {
    const lateEvening = '2026-11-22T23:30:00-03:00';
    expect(dayOf(lateEvening, 'America/Sao_Paulo')).toBe('2026-11-22');
    expect(dayOf(lateEvening, 'Europe/Berlin')).toBe('2026-11-23');
    expect(dayOf(lateEvening, 'Pacific/Kiritimati')).toBe('2026-11-23');
  });

  it('builds a local wall-clock instant on a day', () => {
    const instant = localInstant('2026-11-22', 9, 15);
    expect([
      instant.getFullYear(),
      instant.getMonth(),
      instant.getDate(),
      instant.getHours(),
      instant.getMinutes(),
    ]).toEqual([2026, 10, 22, 9, 15]);
  });

  it('formats a day in the chosen language without shifting it', () => {
    expect(formatDay('2026-11-22', 'en-US')).toBe('Sunday, November 22, 2026');
    expect(formatDay('2026-11-22', 'de-DE')).toBe('Sonntag, 22. November 2026');
  });
});
