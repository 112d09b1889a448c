import { useAtomValue } from 'jotai';
import { useContext } from 'react';

import type { UserSettings, UserSettingsPatch } from '../../db/entities/user-settings.ts';
import { SettingsContext } from './settings-context.ts';
import type { SettingsLoadState, SettingsStore, UpdateOptions } from './settings-store.ts';

export interface UseSettings {
  state: SettingsLoadState;
  settings: UserSettings;
  update: (patch: UserSettingsPatch, options?: UpdateOptions) => Promise<boolean>;
  refresh: () => Promise<UserSettings>;
}

function useSettingsStore(): SettingsStore {
  const store = useContext(SettingsContext);
  if (!store) throw new Error('useSettings needs a SettingsProvider above it');
  return store;
}

/** The current user's settings (defaults until loaded) and the way to change them. */
export function useSettings(): UseSettings {
  const store = useSettingsStore();
  const snapshot = useAtomValue(store.snapshotAtom);
  return {
    state: snapshot.state,
    settings: snapshot.settings,
    update: (patch, options) => store.update(patch, options),
    refresh: () => store.load({ force: true }),
  };
}
