import type { TFunction } from 'i18next';

import { formatNumber } from '../../lib/i18n/locale-format.ts';
import { moodLevel } from '../mood/index.ts';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';

/** Formatting shared by the insight cards: numbers and names in the current language. */
export function insightFormat(t: TFunction, locale: string) {
  return {
    number: (value: number, digits = 1) => formatNumber(value, locale, { maximumFractionDigits: digits }),
    /** A mood level's name, lower-cased for use inside a sentence. */
    levelName: (level: number) => t(`mood.levels.${moodLevel(level).key}`).toLocaleLowerCase(locale),
    weekday: (iso: number) =>
      dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, iso)),
    month: (month: number) =>
      dateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, month - 1, 1)),
    hour: (hour: number) =>
      dateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1, hour)),
  };
}

/** The entries with the highest and lowest mean, ignoring groups without data; null when none has data. */
export function extremes<T extends { mean: number | null }>(
  items: readonly T[],
): { best: T; worst: T } | null {
  let best: T | null = null;
  let worst: T | null = null;
  for (const item of items) {
    if (item.mean === null) continue;
    if (best === null || item.mean > (best.mean ?? 0)) best = item;
    if (worst === null || item.mean < (worst.mean ?? 6)) worst = item;
  }
  return best && worst ? { best, worst } : null;
}

/** A mean mood's colour: the colour of the level it rounds to. */
export function meanColor(mean: number | null): string {
  return mean === null ? 'transparent' : moodLevel(Math.floor(mean + 0.5)).color;
}
