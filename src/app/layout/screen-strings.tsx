import type { ReactNode } from 'react';

import { useScreenStrings } from '../../lib/i18n/i18n.ts';

/** Renders the screen once the screens' texts are there; until then the route's Suspense shows. */
export function ScreenStrings({ children }: { children: ReactNode }) {
  useScreenStrings();
  return children;
}
