import type { SupabaseClient } from '@supabase/supabase-js';

import type { SyncTransport } from '../../sync/transport.ts';

/** Builds the engine's door to the server for one signed-in user; `close()` ends its realtime channel. */
export type CreateSyncTransport = (
  client: SupabaseClient,
  userId: string,
) => SyncTransport & { close(): void };

/**
 * The one place the app gets its sync transport (loaded with the sync chunk, never on first paint).
 * This build has no server side for sync yet, so there is none: every write stays on the device, in
 * its outbox, and the shell shows no sync status until a transport exists.
 */
export function loadSyncTransport(): Promise<CreateSyncTransport | null> {
  return Promise.resolve(null);
}
