import { createContext } from 'react';

import type { SyncEngine } from '../../sync/sync-engine.ts';

/**
 * What screens may do with the signed-in user's engine: watch its status, ask it to sync, and tell it of
 * a write made outside a command's return (a long resend's batches, as each commits).
 */
export type SyncHandle = Pick<SyncEngine, 'status' | 'syncNow' | 'notifyLocalWrite'>;

/**
 * null for visitors, until the engine runs (the data comes first, ADR 0100), in builds that cannot sync
 * and when sync failed to start.
 */
export const SyncContext = createContext<SyncHandle | null>(null);
