import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enUS from './locales/en-US.json';

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

/** en-US is bundled; other languages are separate chunks fetched (and precached) only when chosen. */
const loaders: Record<Exclude<Language, 'en-US'>, () => Promise<{ default: unknown }>> = {
  'de-DE': () => import('./locales/de-DE.json'),
};

async function loadResources(language: Language): Promise<unknown> {
  if (language === DEFAULT_LANGUAGE) return enUS;
  return (await loaders[language]()).default;
}

/** A missing key is never fatal: it is logged and the key itself is shown (product spec §8). */
export function reportMissingKey(languages: readonly string[], key: string): void {
  console.warn(`Missing translation for "${key}" in ${languages.join(', ')}`);
}

export async function createI18n(requested: string = DEFAULT_LANGUAGE): Promise<I18n> {
  const language: Language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { [DEFAULT_LANGUAGE]: { translation: enUS } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: Object.keys(LANGUAGES),
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key) => reportMissingKey(languages, key),
  });
  if (language !== DEFAULT_LANGUAGE) await switchLanguage(instance, language);
  return instance;
}

/** Loads a language's translations if needed and makes it current. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadResources(language));
  }
  await instance.changeLanguage(language);
}
