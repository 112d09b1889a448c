import { useCallback, useSyncExternalStore } from 'react';

import { readStoredTheme, storeTheme, THEME_STORAGE_KEY, type Theme } from './theme.ts';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the theme changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) {
      storeTheme(readStoredTheme());
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, readStoredTheme, () => 'light' as Theme);
  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    listeners.forEach((listener) => listener());
  }, []);
  return [theme, setTheme];
}
