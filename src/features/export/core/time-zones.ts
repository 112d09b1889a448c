/** Calendar arithmetic in IANA time zones with Intl only (no date library on this path). */
import { zoneFormatter } from '../../../lib/dates/zone-formatter.ts';

function parts(ms: number, timeZone: string) {
  const formatted = zoneFormatter(timeZone, 'second').formatToParts(ms);
  const get = (type: string) => Number(formatted.find((p) => p.type === type)?.value ?? 0);
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  };
}

/** Whether the runtime knows this zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneFormatter(timeZone, 'second');
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayInZone(instant: string | number, timeZone: string): string {
  const p = parts(new Date(instant).getTime(), timeZone);
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

function offsetMs(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time in `timeZone` denotes (the earlier one when clocks fall back). */
export function wallTimeToInstant(day: string, hour: number, minute: number, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour, minute);
  let ms = guess - offsetMs(guess, timeZone);
  ms = guess - offsetMs(ms, timeZone);
  return new Date(ms).toISOString();
}
