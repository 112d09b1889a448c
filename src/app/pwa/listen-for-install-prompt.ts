import { pwaStore, type BeforeInstallPromptEvent } from './pwa-store.ts';

/** Keeps the browser's install prompt for Murmur's own install button (Chromium only fires it). */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    pwaStore.set({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => {
    pwaStore.set({ installPrompt: null });
  });
}
