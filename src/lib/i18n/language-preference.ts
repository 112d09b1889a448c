import { readLocal, storageKey, writeLocal } from '../local-store.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

/** The interface language is a device preference, like the theme. */
const LANGUAGE_STORAGE_KEY = storageKey('language');

export function readStoredLanguage(): Language {
  const stored = readLocal(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  writeLocal(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
}
