export const DEFAULT_LANGUAGE = 'en-US';

/** Languages Murmur ships, named in their own language for the picker. */
export const LANGUAGES = {
  'en-US': 'English (US)',
  'de-DE': 'Deutsch',
} as const;

export type Language = keyof typeof LANGUAGES;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}
