import { dayOf, type Day } from './day.ts';
import { zoneFormatter } from './zone-formatter.ts';

const DAY_MS = 86_400_000;
/** What the 'en-CA' second formatter writes: '2026-11-22, 14:05:09' (checked before use). */
const EN_CA_SECOND = /^(\d{4})-(\d{2})-(\d{2}), (\d{2}):(\d{2}):(\d{2})$/;

/** The zone's offset from UTC at a whole-second instant, in ms; null where the formatter writes another shape. */
function offsetAt(ms: number, timeZone: string): number | null {
  const match = EN_CA_SECOND.exec(zoneFormatter(timeZone, 'second').format(new Date(ms)));
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour % 24, minute, second) - ms;
}

/**
 * dayOf() for a whole journal's instants: the same answers, with the zone's formatter asked about four
 * times per UTC day and zone that holds several instants, rather than once per instant (ten thousand
 * notes took over 200 ms of formatting at 4× CPU). The first instant of a UTC day is formatted on its
 * own, as dayOf does, so a journal of one entry a day costs what it did. At the second, the zone's
 * offset is looked up at the day's start, middle and last second: when the three agree, every instant
 * of that day falls on its UTC time shifted by that offset; when they differ (a daylight-saving switch),
 * each instant is formatted on its own. This relies on no zone changing its offset and back within one
 * day, which none has done in the years a journal spans.
 */
export function createDayFinder(): (instant: string | number, timeZone: string) => Day {
  /** Per zone and UTC day: 'seen' after its first instant, then its offset, or null if it moves. */
  const offsets = new Map<string, 'seen' | number | null>();
  return (instant, timeZone) => {
    const ms = typeof instant === 'number' ? instant : Date.parse(instant);
    if (!Number.isFinite(ms)) return dayOf(instant, timeZone);
    const start = Math.floor(ms / DAY_MS) * DAY_MS;
    const key = `${timeZone}|${start}`;
    let offset = offsets.get(key);
    if (offset === undefined) {
      offsets.set(key, 'seen');
      return dayOf(ms, timeZone);
    }
    if (offset === 'seen') {
      const first = offsetAt(start, timeZone);
      const middle = offsetAt(start + DAY_MS / 2, timeZone);
      const last = offsetAt(start + DAY_MS - 1000, timeZone);
      offset = first !== null && first === middle && first === last ? first : null;
      offsets.set(key, offset);
    }
    return offset === null ? dayOf(ms, timeZone) : new Date(ms + offset).toISOString().slice(0, 10);
  };
}
