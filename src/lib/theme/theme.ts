import { readLocal, storageKey, writeLocal } from '../local-store.ts';

/** Light is the default; there is deliberately no "system" theme (product spec §4). */
export type Theme = 'light' | 'dark';

/** Contains the product name, as the spec asks; index.html reads the same key before first paint. */
export const THEME_STORAGE_KEY = storageKey('theme');

export function readStoredTheme(): Theme {
  return readLocal(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function storeTheme(theme: Theme): void {
  writeLocal(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
}
