import { createContext } from 'react';

import type { SyncEngine } from '../../sync/sync-engine.ts';

/** What screens may do with the signed-in user's engine: watch its status and ask it to sync. */
export type SyncHandle = Pick<SyncEngine, 'status' | 'syncNow'>;

/**
 * null for visitors, until the engine runs (the data comes first, ADR 0100), in builds that cannot sync
 * and when sync failed to start.
 */
export const SyncContext = createContext<SyncHandle | null>(null);
