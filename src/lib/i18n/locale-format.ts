import { dateTimeFormat, numberFormat } from './intl-formats.ts';

/**
 * Dates, numbers and the first day of the week follow the chosen language's locale (Intl), never the
 * device's. Week start comes from CLDR through Intl.Locale week info where the engine has it.
 */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7; // ISO: 1 = Monday … 7 = Sunday

/** Older engines expose week info as a property, newer ones as a method; some have neither. */
interface WeekInfoSource {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
}

/** Regions whose week starts on Sunday, for engines without Intl week info (CLDR, main cases). */
const SUNDAY_FIRST_REGIONS = new Set([
  'US',
  'CA',
  'JP',
  'IL',
  'BR',
  'MX',
  'PH',
  'KR',
  'TW',
  'HK',
  'IN',
  'ZA',
  'AU',
]);

export function weekStart(locale: string): Weekday {
  const intlLocale = new Intl.Locale(locale);
  const source = intlLocale as unknown as WeekInfoSource;
  const info = source.getWeekInfo?.() ?? source.weekInfo;
  if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay as Weekday;
  const region = intlLocale.maximize().region ?? '';
  return SUNDAY_FIRST_REGIONS.has(region) ? 7 : 1;
}

export function formatDate(
  date: Date,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return dateTimeFormat(locale, options).format(date);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}
