import { atomWithStorage } from 'jotai/utils';

import { removeLocal } from '../local-store.ts';
import { applyTheme, readStoredTheme, storeTheme, THEME_STORAGE_KEY, type Theme } from './theme.ts';

/**
 * The theme as plain text under THEME_STORAGE_KEY (not JSON: index.html reads the same key before first
 * paint), applied to the page whenever it is written, here or in another tab.
 */
const themeStorage = {
  getItem: () => readStoredTheme(),
  setItem: (_key: string, theme: Theme) => storeTheme(theme),
  removeItem: (key: string) => {
    removeLocal(key);
    applyTheme('light');
  },
  subscribe: (key: string, callback: (theme: Theme) => void) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      const theme = readStoredTheme();
      applyTheme(theme);
      callback(theme);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

/** This device's theme: read at start so the first render matches the page index.html painted. */
export const themeAtom = atomWithStorage<Theme>(THEME_STORAGE_KEY, 'light', themeStorage, {
  getOnInit: true,
});
