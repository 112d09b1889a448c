import { useEffect } from 'react';

import { createBrowserFontLoader } from '../../lib/fonts/font-loader.ts';
import { fontStack } from '../../lib/fonts/font-stack.ts';

let loader: ReturnType<typeof createBrowserFontLoader> | null = null;

/** Loads a note's font on demand (once per font) and returns its CSS stack; text shows in the fallback meanwhile. */
export function useNoteFont(name: string): string {
  useEffect(() => {
    if (typeof document === 'undefined' || !('fonts' in document)) return;
    loader ??= createBrowserFontLoader();
    void loader.load(name);
  }, [name]);
  return fontStack(name);
}
