import { useEffect, useLayoutEffect, useRef } from 'react';

import { appConfig } from '../config.ts';
import { sessionStorageKeyFor } from '../stored-session.ts';
import { FIRST_PAINT_VERSION } from './first-paint.ts';
import type { PictureCheck } from './picture-check.ts';
import { pictureStyles } from './picture-styles.ts';
import { forgetFirstPaint, inertCopy, saveFirstPaint } from './take-first-paint.ts';

/**
 * Keeps a picture of this screen for the next start (docs/adr/0107) while `keep` holds: taken whenever
 * the page is hidden or left, and again when `content` changes while it is hidden (a sync in the
 * background), forgotten when the page shows again, when `keep` stops holding and when the screen goes.
 * So a stored picture is always the screen as it was when the person left it, never older: a note
 * locked since (on this device or another) cannot be shown as it was before.
 * A page scrolled down is not pictured: the next start opens at the top.
 */
export function useKeepFirstPaint(
  userId: string | null,
  keep: boolean,
  content: unknown,
  {
    alsoAt = [],
    day,
    check,
  }: {
    /** Addresses that lead to this screen, where a start may show its picture too. */
    alsoAt?: readonly string[];
    /** The day the screen shows as today: another day's start does not show the picture. */
    day?: string;
    /**
     * The rows the screen shows, asked for when the picture is taken: the next start shows it only if
     * it finds them unchanged (picture-check.ts). Null when they cannot be named (a row still being
     * read): then no picture is kept.
     */
    check?: () => PictureCheck | null;
  } = {},
): void {
  const active = userId !== null && keep;
  // As one string, so a new array with the same addresses does not take the picture's listeners down.
  const otherPaths = alsoAt.join(' ');
  const takeWhileHidden = useRef<() => void>(() => undefined);
  // Follows the markup as it is committed (a layout effect), so a picture never pairs one render's
  // markup with another render's rows.
  const checkNow = useRef(check);
  useLayoutEffect(() => {
    checkNow.current = check;
  }, [check]);

  useEffect(() => {
    if (!active || userId === null) return;
    const take = () => {
      const root = document.getElementById('root');
      if (!root || window.scrollY > 0) {
        forgetFirstPaint();
        return;
      }
      const rows = checkNow.current ? checkNow.current() : undefined;
      if (rows === null) {
        forgetFirstPaint();
        return;
      }
      const html = inertCopy(root);
      saveFirstPaint({
        v: FIRST_PAINT_VERSION,
        build: appConfig.buildId,
        user: userId,
        sessionKey: sessionStorageKeyFor(appConfig.supabaseUrl),
        paths: [window.location.pathname, ...otherPaths.split(' ').filter((path) => path !== '')],
        ...(day === undefined ? {} : { day }),
        html,
        css: pictureStyles(document, html),
        ...(rows === undefined ? {} : { check: rows }),
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') take();
      else forgetFirstPaint();
    };
    takeWhileHidden.current = () => {
      if (document.visibilityState === 'hidden') take();
    };
    window.addEventListener('pagehide', take);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      takeWhileHidden.current = () => undefined;
      window.removeEventListener('pagehide', take);
      document.removeEventListener('visibilitychange', onVisibility);
      forgetFirstPaint();
    };
  }, [active, userId, otherPaths, day]);

  // Declared after the effect above, so on the first render it has set takeWhileHidden already.
  useEffect(() => {
    takeWhileHidden.current();
  }, [content]);
}
