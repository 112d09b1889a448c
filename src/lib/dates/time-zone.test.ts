import { describe, expect, it } from 'vitest';

import { isTimeZone, wallClock, wallTimeToInstant, zoneOffsetMs, zoneTime } from './time-zone.ts';

describe('time zones', () => {
  it("reads an instant's wall clock in a zone", () => {
    expect(wallClock('2026-11-22T23:30:05Z', 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 8,
      minute: 30,
      second: 5,
    });
    expect(zoneTime('2026-11-22T23:30:00Z', 'America/Los_Angeles')).toEqual({ day: '2026-11-22', hour: 15 });
    expect(zoneTime('2026-11-22T00:00:00Z', 'UTC')).toEqual({ day: '2026-11-22', hour: 0 });
  });

  it('knows the offset on each side of a daylight-saving switch', () => {
    // Berlin moved from +1 h to +2 h at 01:00 UTC on 29 March 2026.
    expect(zoneOffsetMs(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe(3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(7_200_000);
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe(19_800_000);
  });

  it('turns a wall time into its instant, the earlier one when clocks fall back', () => {
    expect(wallTimeToInstant('2026-11-22', 9, 15, 'Europe/Berlin')).toBe('2026-11-22T08:15:00.000Z');
    // 02:30 happened twice in Berlin on 25 October 2026: first at +2 h.
    expect(wallTimeToInstant('2026-10-25', 2, 30, 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(wallTimeToInstant('2026-07-01', 0, 0, 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    // 02:30 never happened in Berlin on 29 March 2026: read with the offset before, it is 03:30 local.
    expect(wallTimeToInstant('2026-03-29', 2, 30, 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('tells a known zone from a made-up one', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => wallClock('2026-11-22T00:00:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
