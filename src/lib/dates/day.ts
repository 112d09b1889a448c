/**
 * Calendar days as ISO strings ('2026-11-22'), the form diary entries store. Day arithmetic runs on
 * UTC dates so it never trips over a daylight-saving change; the time zone only matters when an
 * instant is turned into the day it fell on.
 */
import { dayOfClock, wallClock } from './time-zone.ts';
import { dateTimeFormat } from '../i18n/intl-formats.ts';

export type Day = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(value: string | null | undefined): value is Day {
  const match = value ? DAY_PATTERN.exec(value) : null;
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Year, month and day of a valid calendar day (parsed once: day arithmetic runs in tight loops). */
function parts(day: Day): [number, number, number] {
  const match = DAY_PATTERN.exec(day);
  if (match) {
    const y = Number(match[1]);
    const m = Number(match[2]);
    const d = Number(match[3]);
    if (m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate()) return [y, m, d];
  }
  throw new Error(`not a calendar day: ${day}`);
}

function fromUtc(date: Date): Day {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: Day, count: number): Day {
  const [y, m, d] = parts(day);
  return fromUtc(new Date(Date.UTC(y, m - 1, d + count)));
}

/** The day an instant fell on in a time zone (an entry's own zone, or the device's). */
export function dayOf(instant: Date | string | number, timeZone: string): Day {
  return dayOfClock(wallClock(instant, timeZone));
}

/** The instant of a wall-clock time on `day` in the device's own time zone. */
export function localInstant(day: Day, hours: number, minutes: number): Date {
  const [y, m, d] = parts(day);
  return new Date(y, m - 1, d, hours, minutes);
}

/** A day as a Date at UTC midnight, for Intl formatting with timeZone 'UTC'. */
export function dayAsUtcDate(day: Day): Date {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d));
}

/** 'Sunday, 22 November 2026' in the given locale. */
export function formatDay(day: Day, locale: string, style: 'full' | 'long' | 'medium' = 'full'): string {
  return dateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(dayAsUtcDate(day));
}
