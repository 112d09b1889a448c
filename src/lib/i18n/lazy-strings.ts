import type { i18n as I18n } from 'i18next';
import { use, useContext } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';

import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

/** Adds a set of texts in `language` (and in the fallback language) to an i18n instance. */
export type StringsReady = (instance: I18n, language: string) => Promise<void>;

/** A promise React's `use` reads without suspending once it has settled (React's own convention). */
type TrackedPromise = Promise<void> & {
  status?: 'fulfilled' | 'rejected';
  reason?: unknown;
};

/**
 * Texts kept out of the first screen's bundle, one chunk per language, each added to an instance once
 * and merged into its `translation` namespace. The same promise comes back for the same instance and
 * language, so a component can `use` it on every render.
 */
export function lazyStrings(loaders: Record<Language, () => Promise<{ default: unknown }>>): StringsReady {
  const byLanguage = new WeakMap<I18n, Map<Language, Promise<void>>>();
  const bySet = new WeakMap<I18n, Map<string, TrackedPromise>>();
  const mapOf = <K, V>(maps: WeakMap<I18n, Map<K, V>>, instance: I18n) => {
    let map = maps.get(instance);
    if (!map) {
      map = new Map();
      maps.set(instance, map);
    }
    return map;
  };
  const loadOnce = (instance: I18n, language: Language): Promise<void> => {
    const languages = mapOf(byLanguage, instance);
    let loading = languages.get(language);
    if (!loading) {
      loading = loaders[language]().then(({ default: strings }) => {
        instance.addResourceBundle(language, 'translation', strings, true, true);
      });
      // A failed load (offline before the chunk was ever cached) is tried again next time.
      loading.catch(() => languages.delete(language));
      languages.set(language, loading);
    }
    return loading;
  };
  return (instance, language) => {
    const wanted: Language[] = [DEFAULT_LANGUAGE];
    if (isLanguage(language) && language !== DEFAULT_LANGUAGE) wanted.push(language);
    const sets = mapOf(bySet, instance);
    const key = wanted.join(' ');
    let ready = sets.get(key);
    if (!ready) {
      const all: TrackedPromise = Promise.all(wanted.map((lng) => loadOnce(instance, lng))).then(
        () => undefined,
      );
      all.then(
        () => {
          all.status = 'fulfilled';
        },
        (error: unknown) => {
          all.status = 'rejected';
          all.reason = error;
          sets.delete(key);
        },
      );
      sets.set(key, all);
      ready = all;
    }
    return ready;
  };
}

/** Suspends the component until `ready` has added its texts in the current language. */
export function useStringsReady(ready: StringsReady): void {
  // useTranslation hands each component its own proxy of the instance (react-i18next), so the texts
  // are keyed by the instance the provider holds; useTranslation still re-renders on a language change.
  const { i18n: proxy } = useTranslation();
  const i18n = useContext(I18nContext)?.i18n ?? proxy;
  const texts: TrackedPromise = ready(i18n, proxy.language);
  if (texts.status !== 'fulfilled') use(texts as Promise<void>);
}
