import { useSetAtom, useStore } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { appFontLoader } from '../../lib/fonts/use-font.ts';
import { readLocal, removeLocal, writeLocal } from '../../lib/local-store.ts';
import { PENDING_THEME_KEY, readStoredTheme } from '../../lib/theme/theme.ts';
import { themeAtom } from '../../lib/theme/theme-atom.ts';
import { NOTIFICATIONS_ENABLED_KEY, notify } from '../../lib/toasts/toasts.ts';
import { lazySettingsSource, watchRejectedSettingsLazily } from './lazy-settings-source.ts';
import { SettingsContext } from './settings-context.ts';
import { settingsMessages } from './settings-messages.ts';
import { SettingsStore } from './settings-store.ts';

interface SettingsProviderProps {
  userData: UserData | null;
  /** Fetches the server's state now (the sync engine's pull); settings re-read the local row after. */
  refresh?: () => Promise<void>;
  children: ReactNode;
}

/** Product spec §3: preloaded besides the entry fonts. */
const SECONDARY_FONTS = ['Inter', 'Playfair Display'];
const noRefresh = () => Promise.resolve();
const wallClock = () => Date.now();

/**
 * One settings store per signed-in user: loaded once, kept current by watching the local row, its
 * choices mirrored where code outside React reads them (toast policy, theme).
 */
export function SettingsProvider({ userData, refresh = noRefresh, children }: SettingsProviderProps) {
  const { t } = useTranslation();
  const setTheme = useSetAtom(themeAtom);
  const stateStore = useStore();
  const messages = useMemo(() => settingsMessages(t), [t]);
  const store = useMemo(
    () =>
      new SettingsStore({
        userId: userData?.userId ?? null,
        source: userData ? lazySettingsSource(userData, refresh) : null,
        now: wallClock,
        notify: (kind, title) => notify({ kind, title, category: kind === 'error' ? 'error' : 'default' }),
        logError: (message, error) => console.error(message, error),
        messages,
        stateStore,
      }),
    [userData, refresh, messages, stateStore],
  );

  useEffect(() => {
    if (!userData) return;
    void store.load().then((settings) =>
      // Product spec §9: the entry fonts first (awaited up to 2 s), the other preloaded ones 1 s later.
      appFontLoader().loadAll({
        primary: [settings.default_note_font, settings.default_diary_font, settings.default_mood_font],
        secondary: SECONDARY_FONTS,
      }),
    );
    const stopWatching = store.watch();
    const stopRejections = watchRejectedSettingsLazily(userData, (conflict) => {
      store.reportRejected(conflict.reason);
      void userData.commands.dismissConflict(conflict.id);
    });
    return () => {
      stopWatching();
      stopRejections();
    };
  }, [store, userData]);

  // Only a stored row decides: a device that has not pulled its row yet keeps the local choices. One
  // exception: a theme chosen here whose save had not finished (the page was reloaded right after
  // choosing) wins over the row once, and is saved into it.
  useEffect(
    () =>
      stateStore.sub(store.snapshotAtom, () => {
        const { state, settings, stored } = store.snapshot;
        if (state !== 'initialised' || !stored) return;
        writeLocal(NOTIFICATIONS_ENABLED_KEY, String(settings.notifications_enabled));
        const pending = readLocal(PENDING_THEME_KEY);
        if (pending === 'light' || pending === 'dark') {
          if (pending === settings.preferred_theme) removeLocal(PENDING_THEME_KEY);
          else
            void store.update({ preferred_theme: pending }, { silent: true }).then((saved) => {
              if (saved) removeLocal(PENDING_THEME_KEY);
            });
          return;
        }
        if (settings.preferred_theme !== readStoredTheme()) setTheme(settings.preferred_theme);
      }),
    [store, stateStore, setTheme],
  );

  return <SettingsContext.Provider value={store}>{children}</SettingsContext.Provider>;
}
