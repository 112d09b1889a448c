import { useSyncExternalStore } from 'react';

import { pwaStore, type PwaState } from './pwa-store.ts';

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
}
