import { registerSW } from 'virtual:pwa-register';

import { pwaStore } from './pwa-store.ts';

/** Product spec §9: look for a new version every 60 minutes. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the generated service worker in prompt mode: a waiting version is announced, never forced
 * on an open tab. The periodic check skips when offline or while a worker is installing, and fetches
 * sw.js itself first so an unreachable server is not mistaken for an update failure.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: false,
    onNeedRefresh() {
      pwaStore.set({ needRefresh: true, applyUpdate: () => updateSW(true) });
    },
    onOfflineReady() {
      pwaStore.set({ offlineReady: true });
    },
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        void (async () => {
          if (registration.installing || !navigator.onLine) return;
          try {
            const response = await fetch(swUrl, {
              cache: 'no-store',
              headers: { 'cache-control': 'no-cache' },
            });
            if (response.status === 200) await registration.update();
          } catch (error) {
            console.warn('Murmur could not check for an update', error);
          }
        })();
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error) {
      console.error('Murmur could not register its service worker', error);
    },
  });
}
