import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enUS from './locales/en-US.json';

export const DEFAULT_LANGUAGE = 'en-US';

export const resources = {
  'en-US': { translation: enUS },
} as const;

/** A missing key is never fatal: it is logged and the key itself is shown (product spec §8). */
export function reportMissingKey(languages: readonly string[], key: string): void {
  console.warn(`Missing translation for "${key}" in ${languages.join(', ')}`);
}

export async function createI18n(language: string = DEFAULT_LANGUAGE): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: Object.keys(resources),
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key) => reportMissingKey(languages, key),
  });
  return instance;
}
