import { createContext } from 'react';

import type { SettingsStore } from './settings-store.ts';

/** A store for nobody: defaults to read, saves refused with 'You must be logged in to save settings.' */
export const SettingsContext = createContext<SettingsStore | null>(null);
