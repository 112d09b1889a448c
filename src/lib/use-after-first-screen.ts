import { useEffect, useState } from 'react';

import { afterFirstScreen } from './after-first-screen.ts';

/** How long a start whose first screen is not a Page (an error screen) waits before mounting the rest. */
const LATEST_MS = 3_000;

/**
 * False until the first screen is on screen, then true: a part of the page it does not need (the toaster,
 * the recorder, the sync indicator) mounts after it, so neither its code nor its work delays it.
 */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen(LATEST_MS).then(() => {
      if (live) setAfter(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return after;
}
