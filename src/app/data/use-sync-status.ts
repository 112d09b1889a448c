import { useCallback, useContext, useSyncExternalStore } from 'react';

import type { SyncStatus } from '../../sync/sync-status.ts';
import { SyncContext } from './sync-context.ts';

/** The engine's status (R34), re-rendering on each change; null while there is no engine. */
export function useSyncStatus(): SyncStatus | null {
  const sync = useContext(SyncContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!sync) return () => undefined;
      const unsubscribe = sync.status.subscribe(onChange);
      return () => {
        unsubscribe();
      };
    },
    [sync],
  );
  return useSyncExternalStore(subscribe, () => sync?.status.get() ?? null);
}
