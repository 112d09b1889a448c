import { dayOf, type Day } from './day.ts';
import { zoneOffsetMs } from './time-zone.ts';

const DAY_MS = 86_400_000;

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
      const first = zoneOffsetMs(start, timeZone);
      const middle = zoneOffsetMs(start + DAY_MS / 2, timeZone);
      const last = zoneOffsetMs(start + DAY_MS - 1000, timeZone);
      offset = first === middle && first === last ? first : null;
      offsets.set(key, offset);
    }
    return offset === null ? dayOf(ms, timeZone) : new Date(ms + offset).toISOString().slice(0, 10);
  };
}
