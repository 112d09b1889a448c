import { storageKey } from '../local-store.ts';
import type { PictureCheck } from './picture-check.ts';

/**
 * The picture of the screen a person left (the notes list, home), shown by index.html's boot script on
 * the next start while the app itself loads (docs/adr/0107). The boot script is plain JavaScript in
 * index.html and reads this shape; change both together (the version field says which shape a stored
 * picture has).
 */
export const FIRST_PAINT_KEY = storageKey('first-paint');
export const FIRST_PAINT_VERSION = 3;
/** The layer the boot script puts the picture in, and the style element that goes with it. */
export const FIRST_PAINT_LAYER_ID = 'first-paint';
export const FIRST_PAINT_STYLE_ID = 'first-paint-style';

export interface FirstPaintPicture {
  v: typeof FIRST_PAINT_VERSION;
  /** The build whose markup and class names these are: another build never shows it. */
  build: string;
  /** Whose journal it shows, and where their session is stored: shown only to the same user. */
  user: string;
  sessionKey: string;
  /**
   * The addresses it may be shown at (no search, no hash): its own, and any that lead to it (`/`
   * takes a signed-in person home).
   */
  paths: string[];
  /** The day it shows as today (YYYY-MM-DD, the device's own), for a screen that shows one. */
  day?: string;
  /** The app's markup, inert: see inertCopy (take-first-paint.ts). */
  html: string;
  /** The style rules that apply to it, so the picture paints styled before the screen's own load. */
  css: string;
  /**
   * The rows it shows, to be found unchanged in IndexedDB before it may show (picture-check.ts).
   * Without one (home, built from many reads) it shows as it was left.
   */
  check?: PictureCheck;
}

/**
 * Takes the picture away, once the app shows the screen itself (or an error). Safe to call any number
 * of times, with or without a picture.
 */
export function endFirstPaint(document: Document = globalThis.document): void {
  document.getElementById(FIRST_PAINT_LAYER_ID)?.remove();
  document.getElementById(FIRST_PAINT_STYLE_ID)?.remove();
}

/**
 * Takes the picture away when the app is at an address it is no picture of (a redirect to sign in or
 * onboarding). The layer carries its addresses, space-separated, in `data-paths`.
 */
export function endFirstPaintElsewhere(pathname: string, document: Document = globalThis.document): void {
  const layer = document.getElementById(FIRST_PAINT_LAYER_ID);
  if (layer && !(layer.dataset['paths'] ?? '').split(' ').includes(pathname)) endFirstPaint(document);
}
