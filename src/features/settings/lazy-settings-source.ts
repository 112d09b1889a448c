import type { UserData } from '../../lib/user-data/user-data-context.ts';
import type { Conflict } from '../../db/entities/conflict.ts';
import type { SettingsSource } from './settings-store.ts';

/** Dexie and the settings schema load with the user's data, not with the first screen. */
const load = () => import('./dexie-settings-source.ts');

function lazySubscription(start: (module: Awaited<ReturnType<typeof load>>) => () => void): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void load().then((module) => {
    if (!cancelled) stop = start(module);
  });
  return () => {
    cancelled = true;
    stop?.();
  };
}

export function lazySettingsSource(userData: UserData, refresh: () => Promise<void>): SettingsSource {
  const source = load().then(({ dexieSettingsSource }) =>
    dexieSettingsSource(userData.db, userData.commands, refresh),
  );
  return {
    read: async () => (await source).read(),
    watch: (listener) =>
      lazySubscription(({ dexieSettingsSource }) =>
        dexieSettingsSource(userData.db, userData.commands, refresh).watch(listener),
      ),
    validate: async (patch) => (await source).validate(patch),
    write: async (patch) => (await source).write(patch),
    refresh,
  };
}

export function watchRejectedSettingsLazily(
  userData: UserData,
  listener: (conflict: Conflict) => void,
): () => void {
  return lazySubscription(({ watchRejectedSettings }) => watchRejectedSettings(userData.db, listener));
}
