import { lazy, Suspense, useState, type ReactNode } from 'react';

import { useAfterFirstScreen } from '../../../lib/use-after-first-screen.ts';
import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { RecorderContext, type RecorderHandle } from './recorder-context.ts';

// The recorder, its queue and its dock are not needed to paint: they mount, and load, after the first
// screen.
const RecorderHost = lazy(() =>
  import('./recorder-host.tsx').then((module) => ({ default: module.RecorderHost })),
);

/**
 * Gives every screen the signed-in user's recorder (null until it has loaded, and for visitors), so
 * record buttons and the Alt+Shift+R shortcut work anywhere.
 */
export function RecorderProvider({ children }: { children: ReactNode }) {
  const userData = useUserData();
  const [handle, setHandle] = useState<RecorderHandle | null>(null);
  const afterFirstScreen = useAfterFirstScreen();
  return (
    <RecorderContext.Provider value={userData ? handle : null}>
      {children}
      {userData && afterFirstScreen ? (
        <Suspense fallback={null}>
          <RecorderHost onHandle={setHandle} />
        </Suspense>
      ) : null}
    </RecorderContext.Provider>
  );
}
