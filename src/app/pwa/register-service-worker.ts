import { registerSW } from 'virtual:pwa-register';

import { appStore } from '../app-store.ts';
import { startUpdateChecks } from './start-update-checks.ts';
import { waitingUpdateAtom } from './waiting-update-atom.ts';

/**
 * Registers the generated service worker in prompt mode: a waiting version is announced, never forced
 * on an open tab. When the user accepts the update in another tab, the new version takes control of this
 * one too; the plugin would then reload it, losing whatever is being typed here, so this tab only keeps
 * its prompt up and reloads when its own user says so.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let updateRequestedHere = false;
  const updateSW = registerSW({
    immediate: false,
    onNeedRefresh() {
      appStore.set(waitingUpdateAtom, {
        apply: () => {
          updateRequestedHere = true;
          return updateSW(true);
        },
      });
    },
    onNeedReload() {
      if (updateRequestedHere) {
        window.location.reload();
        return;
      }
      appStore.set(waitingUpdateAtom, { apply: async () => window.location.reload() });
    },
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      startUpdateChecks({
        registration,
        swUrl,
        fetch: (url, init) => fetch(url, init),
        setInterval: (callback, ms) => window.setInterval(callback, ms),
        isOnline: () => navigator.onLine,
      });
    },
    onRegisterError(error) {
      console.error('Murmur could not register its service worker', error);
    },
  });
}
