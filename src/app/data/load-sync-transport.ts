import type { SupabaseClient } from '@supabase/supabase-js';

import type { SyncTransport } from '../../sync/transport.ts';

/** Builds the engine's door to the server for one signed-in user; `close()` ends its realtime channel. */
export type CreateSyncTransport = (
  client: SupabaseClient,
  userId: string,
) => SyncTransport & { close(): void };

/**
 * The one place the app gets its sync transport: supabase-js RPCs to sync_push / sync_pull and the
 * user's private realtime channel for pokes (loaded with the sync chunk, never on first paint).
 */
export async function loadSyncTransport(): Promise<CreateSyncTransport | null> {
  const { createSupabaseSyncTransport } = await import('../../lib/sync/supabase-sync-transport.ts');
  return createSupabaseSyncTransport;
}
