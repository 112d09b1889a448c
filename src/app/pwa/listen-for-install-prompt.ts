import { appStore } from '../app-store.ts';
import { installPromptAtom, type BeforeInstallPromptEvent } from './install-prompt-atom.ts';

/** Keeps the browser's install prompt for Murmur's own install button (Chromium only fires it). */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    appStore.set(installPromptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    appStore.set(installPromptAtom, null);
  });
}
