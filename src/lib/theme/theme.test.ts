import { beforeEach, describe, expect, it } from 'vitest';

import { applyTheme, readStoredTheme, storeTheme, THEME_STORAGE_KEY } from './theme.ts';

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('defaults to light and stores under a key naming the product', () => {
    expect(readStoredTheme()).toBe('light');
    expect(THEME_STORAGE_KEY).toMatch(/murmur/i);
  });

  it('dark adds the dark class on the root and survives a re-read', () => {
    storeTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(readStoredTheme()).toBe('dark');
    storeTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('treats an unknown stored value (for example "system") as light', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'system');
    expect(readStoredTheme()).toBe('light');
    applyTheme(readStoredTheme());
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
