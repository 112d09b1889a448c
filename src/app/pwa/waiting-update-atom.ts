import { atom } from 'jotai';

export interface WaitingUpdate {
  /** Reloads into the new version (tells the waiting service worker to take over when it is this tab's). */
  apply: () => Promise<void>;
}

/** A new version the service worker holds ready; null when there is none, or the user said "Later". */
export const waitingUpdateAtom = atom<WaitingUpdate | null>(null);
