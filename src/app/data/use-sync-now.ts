import { useCallback, useContext } from 'react';

import { SyncContext } from './sync-context.ts';

/** Push and pull at once; resolves when that run ends. null while there is no engine. */
export function useSyncNow(): (() => Promise<void>) | null {
  const sync = useContext(SyncContext);
  const syncNow = useCallback(() => sync?.syncNow() ?? Promise.resolve(), [sync]);
  return sync ? syncNow : null;
}
