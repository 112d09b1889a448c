import { lazyStrings, useStringsReady } from './lazy-strings.ts';

/**
 * The long texts of the FAQ, support, privacy and terms pages: their own chunk per language, loaded by
 * those pages only, so the first screen does not carry them.
 */
const documentStringsReady = lazyStrings({
  'en-US': () => import('./locales/documents/en-US.json'),
  'de-DE': () => import('./locales/documents/de-DE.json'),
});

/** Suspends the page until its texts are there (the route's Suspense shows the loading state). */
export function useDocumentStrings(): void {
  useStringsReady(documentStringsReady);
}
