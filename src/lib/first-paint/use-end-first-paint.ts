import { useLayoutEffect } from 'react';

import { endFirstPaint } from './first-paint.ts';

/** The app shows the screen now: the start-up picture, if any, goes in the same frame. */
export function useEndFirstPaint(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown) endFirstPaint();
  }, [shown]);
}
