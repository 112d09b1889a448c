import { atom } from 'jotai';

export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's install prompt kept for Murmur's own install button; null when it cannot be shown. */
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);
