/**
 * What the service worker and the browser's install machinery have told the page. A tiny observable so
 * start-up code (outside React) can write it and components can read it with useSyncExternalStore.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  needRefresh: boolean;
  offlineReady: boolean;
  installPrompt: BeforeInstallPromptEvent | null;
  applyUpdate: (() => Promise<void>) | null;
}

let state: PwaState = { needRefresh: false, offlineReady: false, installPrompt: null, applyUpdate: null };
const listeners = new Set<() => void>();

export const pwaStore = {
  get: (): PwaState => state,
  set(patch: Partial<PwaState>): void {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
