import { readLocal, storageKey, writeLocal } from '../../lib/local-store.ts';

const LAST_VERSION_KEY = storageKey('last-version');

export interface VersionCheck {
  previous: string | null;
  current: string;
  updated: boolean;
}

/** Notes which build this device last ran, so an update can be recognised (and later explained). */
export function checkVersion(current: string): VersionCheck {
  const previous = readLocal(LAST_VERSION_KEY);
  writeLocal(LAST_VERSION_KEY, current);
  const updated = previous !== null && previous !== current;
  if (updated) console.info(`Murmur was updated from ${previous} to ${current}`);
  return { previous, current, updated };
}
