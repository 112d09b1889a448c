import type { i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n.ts';

/**
 * The long texts of the FAQ, support, privacy and terms pages: their own chunk per language, loaded by
 * those pages only, so the first screen does not carry them.
 */
const loaders: Record<Language, () => Promise<{ default: unknown }>> = {
  'en-US': () => import('./locales/documents/en-US.json'),
  'de-DE': () => import('./locales/documents/de-DE.json'),
};

const loaded = new WeakMap<I18n, Map<Language, Promise<void>>>();

/** Adds the document texts of `language` (and of the fallback language) to the instance, once. */
export function documentStringsReady(instance: I18n, language: string): Promise<void> {
  let byLanguage = loaded.get(instance);
  if (!byLanguage) {
    byLanguage = new Map();
    loaded.set(instance, byLanguage);
  }
  const wanted: Language[] = [DEFAULT_LANGUAGE];
  if (isLanguage(language) && language !== DEFAULT_LANGUAGE) wanted.push(language);
  return Promise.all(
    wanted.map((lng) => {
      let ready = byLanguage.get(lng);
      if (!ready) {
        ready = loaders[lng]().then(({ default: strings }) => {
          instance.addResourceBundle(lng, 'translation', strings, true, true);
        });
        byLanguage.set(lng, ready);
      }
      return ready;
    }),
  ).then(() => undefined);
}

/** Suspends the page until its texts are there (the route's Suspense shows the loading state). */
export function useDocumentStrings(): void {
  const { i18n } = useTranslation();
  use(documentStringsReady(i18n, i18n.language));
}
