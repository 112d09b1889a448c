import { createContext } from 'react';

import type { SyncEngine } from '../../sync/sync-engine.ts';

/** What screens may do with the signed-in user's engine: watch its status and ask it to sync. */
export type SyncHandle = Pick<SyncEngine, 'status' | 'syncNow'>;

/** null for visitors, while the database opens, and in builds that cannot sync. */
export const SyncContext = createContext<SyncHandle | null>(null);
