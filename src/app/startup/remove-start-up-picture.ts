import { removeLocal, storageKey } from '../../lib/local-store.ts';

/** Where earlier releases kept a copy of the last screen for the next start (ADR 0107, superseded). */
export const START_UP_PICTURE_KEY = storageKey('first-paint');

/**
 * Removes the copy of the last screen an earlier release may have left: it holds journal text (note
 * titles and previews, today's entries) that nothing reads any more.
 */
export function removeStartUpPicture(): void {
  removeLocal(START_UP_PICTURE_KEY);
}
