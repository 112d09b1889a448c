import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';

import { THEME_STORAGE_KEY } from './theme.ts';
import { themeAtom } from './theme-atom.ts';

describe('themeAtom', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('keeps a chosen theme under the key index.html reads, as plain text, and applies it', () => {
    const store = createStore();
    store.set(themeAtom, 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(store.get(themeAtom)).toBe('dark');
  });

  it('follows a theme chosen in another tab while something shows it', async () => {
    const store = createStore();
    const seen: string[] = [];
    const stop = store.sub(themeAtom, () => seen.push(store.get(themeAtom)));
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    await expect.poll(() => seen).toEqual(['dark']);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    stop();
  });
});
