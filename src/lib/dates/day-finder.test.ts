import { describe, expect, it } from 'vitest';

import { createPrng } from '../../testing/sync/prng.ts';
import { dayOf } from './day.ts';
import { createDayFinder } from './day-finder.ts';

/** Zones with daylight saving, half- and quarter-hour offsets, and a day skipped (Apia, end of 2011). */
const ZONES = [
  'Europe/Berlin',
  'America/Sao_Paulo',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Pacific/Apia',
  'America/Havana',
  'UTC',
];

describe('createDayFinder', () => {
  it('gives dayOf’s answer for instants around daylight-saving switches', () => {
    const findDay = createDayFinder();
    // Each zone's 2026 switches, minute by minute across the hours around them, and Apia's lost day.
    const windows = [
      '2026-03-29T00:00:00Z',
      '2026-10-25T00:00:00Z',
      '2026-04-05T14:00:00Z',
      '2011-12-30T08:00:00Z',
    ];
    for (const zone of ZONES) {
      for (const from of windows) {
        const start = Date.parse(from);
        for (let minute = 0; minute < 6 * 60; minute += 7) {
          const instant = new Date(start + minute * 60_000).toISOString();
          expect(findDay(instant, zone), `${instant} in ${zone}`).toBe(dayOf(instant, zone));
        }
      }
    }
  });

  it('gives dayOf’s answer for random instants of 2000–2035 (SEED picks them)', () => {
    const seed = Number(process.env['SEED'] ?? 20261126);
    const random = createPrng(seed);
    const findDay = createDayFinder();
    const from = Date.UTC(2000, 0, 1);
    const to = Date.UTC(2035, 0, 1);
    for (let i = 0; i < 4000; i += 1) {
      const zone = random.pick(ZONES);
      const instant = from + Math.floor(random.next() * (to - from));
      const text = new Date(instant).toISOString();
      expect(findDay(text, zone), `seed ${seed}: ${text} in ${zone}`).toBe(dayOf(text, zone));
      // Instants of the same UTC day reuse its offset: the neighbours must agree too.
      const neighbour = instant + random.int(-6, 6) * 3_600_000;
      expect(findDay(neighbour, zone), `seed ${seed}: ${neighbour} in ${zone}`).toBe(dayOf(neighbour, zone));
    }
  });

  it('rejects what dayOf rejects', () => {
    const findDay = createDayFinder();
    expect(() => findDay('not a date', 'UTC')).toThrow(RangeError);
    expect(() => findDay('2026-11-22T10:00:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
