import { useEffect } from 'react';

import { createBrowserFontLoader, type FontLoader } from './font-loader.ts';
import { fontStack } from './font-stack.ts';

let loader: FontLoader | null = null;

/** One loader for the page, so each font's stylesheet is fetched once however many views use it. */
export function appFontLoader(): FontLoader {
  loader ??= createBrowserFontLoader();
  return loader;
}

/**
 * Starts loading `name` (if it is one Murmur ships) and returns the CSS font-family to use at once:
 * the font with its fallback stack, so text shows immediately and swaps when the face arrives.
 */
export function useFont(name: string): string {
  useEffect(() => {
    // Not in the task that shows the view: a font's first load adds its stylesheet links to the page,
    // and the view paints in its fallback at first either way.
    const timer = setTimeout(() => void appFontLoader().load(name), 0);
    return () => clearTimeout(timer);
  }, [name]);
  return fontStack(name);
}
