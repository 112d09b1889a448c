import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

import { listDetailKeepsScroll } from '../../ui/list-detail-keeps-scroll.ts';

/**
 * A new screen starts at its top; going back or forward leaves the browser's own restoration alone.
 * Opening another entry beside a list that stays on screen is no new screen: the list keeps its place.
 */
export function useScrollToTopOnNavigate(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !listDetailKeepsScroll()) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
