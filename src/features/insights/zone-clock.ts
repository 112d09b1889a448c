import type { Day } from '../../lib/dates/day.ts';
import { zoneFormatter } from '../../lib/dates/zone-formatter.ts';

/** The day and hour an instant fell on in a time zone (the same day as dayOf() in lib/dates). */
export interface ZoneTime {
  day: Day;
  hour: number;
}

/** What the 'en-CA' hour formatter writes: '2026-11-22, 14' (checked, never assumed: see below). */
const EN_CA_HOUR = /^(\d{4}-\d{2}-\d{2}), (\d{2})$/;

export function zoneTime(instant: string | number | Date, timeZone: string): ZoneTime {
  const formatter = zoneFormatter(timeZone, 'hour');
  const date = new Date(instant);
  // format() is about twice as fast as formatToParts(), and insights place every entry: its string is
  // used when it has the expected shape, the parts otherwise (another engine's ICU may write it apart).
  const match = EN_CA_HOUR.exec(formatter.format(date));
  if (match?.[1] && match[2]) return { day: match[1], hour: Number(match[2]) % 24 };
  const parts = formatter.formatToParts(date);
  let year = '';
  let month = '';
  let day = '';
  let hour = 0;
  for (const part of parts) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
  }
  return { day: `${year}-${month}-${day}`, hour };
}
