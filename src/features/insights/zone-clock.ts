import type { Day } from '../../lib/dates/day.ts';
import { zoneFormatter } from '../../lib/dates/zone-formatter.ts';

/** The day and hour an instant fell on in a time zone (the same day as dayOf() in lib/dates). */
export interface ZoneTime {
  day: Day;
  hour: number;
}

export function zoneTime(instant: string | number | Date, timeZone: string): ZoneTime {
  const parts = zoneFormatter(timeZone, 'hour').formatToParts(new Date(instant));
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
