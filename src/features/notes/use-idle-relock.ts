import { useEffect, useRef } from 'react';

/** Product choice (issue 6: "locks again after a short idle time"): one minute without input. */
export const RELOCK_IDLE_MS = 60_000;

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'input'] as const;

/**
 * While `active`, calls `relock` after `idleMs` without keyboard, pointer or touch activity, and at once
 * when the page is hidden (switching apps or tabs counts as leaving). Unmounting the editor forgets the
 * unlock anyway, so leaving the note re-locks it too.
 */
export function useIdleRelock(active: boolean, relock: () => void, idleMs = RELOCK_IDLE_MS): void {
  const relockRef = useRef(relock);
  useEffect(() => {
    relockRef.current = relock;
  }, [relock]);

  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => relockRef.current(), idleMs);
    const onActivity = () => {
      clearTimeout(timer);
      timer = setTimeout(() => relockRef.current(), idleMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') relockRef.current();
    };
    const onHide = () => relockRef.current();
    for (const name of ACTIVITY_EVENTS) document.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
    };
  }, [active, idleMs]);
}
