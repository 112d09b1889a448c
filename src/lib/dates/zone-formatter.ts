/** The calendar fields a zone formatter gives: the day, down to the hour, or down to the second. */
export type ZonePrecision = 'day' | 'hour' | 'second';

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const OPTIONS: Record<ZonePrecision, Intl.DateTimeFormatOptions> = {
  day: DAY,
  hour: { ...DAY, hour: '2-digit', hourCycle: 'h23' },
  second: { ...DAY, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An 'en-CA' formatter for a time zone (numeric parts; `format` of the day precision gives
 * 'YYYY-MM-DD'). Building an Intl.DateTimeFormat costs far more than using one, and screens, statistics
 * and archives ask for thousands of instants, so each zone and precision is built once. Throws a
 * RangeError for a zone the runtime does not know.
 */
export function zoneFormatter(timeZone: string, precision: ZonePrecision): Intl.DateTimeFormat {
  const key = `${precision}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { ...OPTIONS[precision], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}
