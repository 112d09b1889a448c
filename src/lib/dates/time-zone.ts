/**
 * Murmur's one place for time zones. Everything zone-related comes from one reading of the runtime's
 * IANA data: an instant's wall clock in a zone (`wallClock`), from an 'en-CA' Intl formatter built once
 * per zone. Days, hours, offsets and wall times to instants are arithmetic on that reading.
 */

/** An instant's calendar fields as a clock in some zone showed them (month 1–12, hour 0–23). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const HALF_DAY_MS = 43_200_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** What the 'en-CA' formatter below writes: '2026-11-22, 14:05:09'. Checked, never assumed. */
const EN_CA = /^(\d{4})-(\d{2})-(\d{2}), (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The formatter of a zone. Building an Intl.DateTimeFormat costs far more than using one, and screens,
 * statistics and archives ask about thousands of instants, so each zone's is built once. Throws a
 * RangeError for a zone the runtime does not know.
 */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`. Throws a RangeError for an invalid instant or zone. */
export function wallClock(instant: Date | string | number, timeZone: string): WallClock {
  const date = new Date(instant);
  const formatter = formatterOf(timeZone);
  // format() is about twice as fast as formatToParts(); its string is used when it has the expected
  // shape, the parts otherwise (another engine's ICU may write it differently).
  const match = EN_CA.exec(formatter.format(date));
  if (match) {
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return { year, month, day, hour: hour % 24, minute, second };
  }
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) fields[part.type] = Number(part.value);
  return {
    year: fields['year'] ?? 0,
    month: fields['month'] ?? 1,
    day: fields['day'] ?? 1,
    hour: (fields['hour'] ?? 0) % 24,
    minute: fields['minute'] ?? 0,
    second: fields['second'] ?? 0,
  };
}

/** 'YYYY-MM-DD' of a wall clock. */
export function dayOfClock(clock: WallClock): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(clock.year, 4)}-${pad(clock.month, 2)}-${pad(clock.day, 2)}`;
}

/** The day and hour an instant fell on in a time zone. */
export function zoneTime(instant: Date | string | number, timeZone: string): { day: string; hour: number } {
  const clock = wallClock(instant, timeZone);
  return { day: dayOfClock(clock), hour: clock.hour };
}

/** How far the zone's clock is ahead of UTC at `ms`, in ms (to the second). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const c = wallClock(ms, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time on `day` in `timeZone` denotes: the earlier one when clocks fall back and
 * the time happens twice; when clocks spring forward past it, the time as the offset before the switch
 * places it (02:30 on a day that skips 02:00–03:00 is 03:30), as JavaScript's Date does.
 */
export function wallTimeToInstant(day: string, hour: number, minute: number, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const asUtc = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hour, minute);
  // No zone's offset changes twice within a day: the offsets half a day before and after are the two
  // that can apply.
  const before = asUtc - zoneOffsetMs(asUtc - HALF_DAY_MS, timeZone);
  const after = asUtc - zoneOffsetMs(asUtc + HALF_DAY_MS, timeZone);
  const shows = (ms: number) => {
    const c = wallClock(ms, timeZone);
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) === asUtc;
  };
  const instant = [Math.min(before, after), Math.max(before, after)].find(shows) ?? before;
  return new Date(instant).toISOString();
}

/** Whether the runtime knows this zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The device's own zone, as the browser reports it ('UTC' if it reports none). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
