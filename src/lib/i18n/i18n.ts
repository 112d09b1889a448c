import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { lazyStrings, useStringsReady } from './lazy-strings.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages.ts';
import enUS from './locales/en-US.json';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };

/**
 * en-US's shell texts (the layout, navigation, sign-in state, sync state, recorder, errors and the
 * landing page) are bundled; other languages are separate chunks fetched (and precached) only when
 * chosen.
 */
const loaders: Record<Exclude<Language, 'en-US'>, () => Promise<{ default: unknown }>> = {
  'de-DE': () => import('./locales/de-DE.json'),
};

async function loadResources(language: Language): Promise<unknown> {
  if (language === DEFAULT_LANGUAGE) return enUS;
  return (await loaders[language]()).default;
}

/**
 * The screens' own texts, a chunk per language: the first screen's bundle does not carry every
 * screen's words. Screens render only once they are there (ScreenStrings, in the layout).
 */
export const screenStringsReady = lazyStrings({
  'en-US': () => import('./locales/screens/en-US.json'),
  'de-DE': () => import('./locales/screens/de-DE.json'),
});

/** Suspends a screen until its texts are there (the route's Suspense shows the loading state). */
export function useScreenStrings(): void {
  useStringsReady(screenStringsReady);
}

/** A missing key is never fatal: it is logged and the key itself is shown (product spec §8). */
function reportMissingKey(languages: readonly string[], key: string): void {
  console.warn(`Missing translation for "${key}" in ${languages.join(', ')}`);
}

export interface CreateI18nOptions {
  /**
   * 'awaited' (the default): the instance has every text when it is returned. 'in-background': only
   * the shell's; the screens' start loading and ScreenStrings waits for them, so the app's first
   * render does not.
   */
  screenStrings?: 'awaited' | 'in-background';
}

export async function createI18n(
  requested: string = DEFAULT_LANGUAGE,
  { screenStrings = 'awaited' }: CreateI18nOptions = {},
): Promise<I18n> {
  const language: Language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  const instance = createInstance();
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
  const screens = screenStringsReady(instance, language);
  if (language !== DEFAULT_LANGUAGE) await switchShellLanguage(instance, language);
  if (screenStrings === 'awaited') await screens;
  else screens.catch((error: unknown) => console.error('Murmur could not load the screens’ texts', error));
  return instance;
}

/** The languages whose shell texts each instance has (a screens' chunk may have come first). */
const shells = new WeakMap<I18n, Set<Language>>();

async function switchShellLanguage(instance: I18n, language: Language): Promise<void> {
  let loaded = shells.get(instance);
  if (!loaded) {
    loaded = new Set([DEFAULT_LANGUAGE]);
    shells.set(instance, loaded);
  }
  if (!loaded.has(language)) {
    // Merged deeply: a section may be split between the shell and the screens (settings.toast).
    instance.addResourceBundle(language, 'translation', await loadResources(language), true, true);
    loaded.add(language);
  }
  await instance.changeLanguage(language);
}

/** Loads a language's translations, the screens' included, if needed and makes it current. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await screenStringsReady(instance, language);
  await switchShellLanguage(instance, language);
}
