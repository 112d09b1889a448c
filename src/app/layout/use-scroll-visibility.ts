import { useEffect, useState } from 'react';

import { INITIAL_SCROLL_STATE, NAV, nextScrollState, type ScrollState } from './nav-rules.ts';

/** Whether the bottom bar is shown, following the page's scroll (throttled to one update per 16 ms). */
export function useScrollVisibility(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (!enabled) return;
    let state: ScrollState = { ...INITIAL_SCROLL_STATE, anchorY: window.scrollY };
    let lastRun = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    let hideTimer: ReturnType<typeof setTimeout> | undefined;

    const apply = () => {
      lastRun = performance.now();
      state = nextScrollState(state, window.scrollY);
      if (state.hidePending) {
        state = { ...state, hidePending: false };
        clearTimeout(hideTimer);
        hideTimer = setTimeout(() => {
          state = { ...state, visible: false };
          setVisible(false);
        }, NAV.hideDelayMs);
      } else if (state.visible) {
        clearTimeout(hideTimer);
        setVisible(true);
      }
    };

    const onScroll = () => {
      const since = performance.now() - lastRun;
      if (since >= NAV.scrollThrottleMs) {
        apply();
      } else {
        clearTimeout(trailing);
        trailing = setTimeout(apply, NAV.scrollThrottleMs - since);
      }
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(trailing);
      clearTimeout(hideTimer);
      setVisible(true);
    };
  }, [enabled]);

  return visible;
}
