import { readLocal, storageKey, writeLocal } from '../local-store.ts';

/** Light is the default; there is deliberately no "system" theme (product spec §4). */
export type Theme = 'light' | 'dark';

/** Contains the product name, as the spec asks; index.html reads the same key before first paint. */
export const THEME_STORAGE_KEY = storageKey('theme');
/**
 * A theme chosen on this device whose save into the synced settings has not finished yet (the page was
 * closed or reloaded first). It wins over the settings row at the next start, and is saved then.
 */
export const PENDING_THEME_KEY = storageKey('theme-pending');

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
