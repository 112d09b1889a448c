import { heldJournalKey } from '../../db/journal-key.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import { createTokenClient } from '../../lib/supabase-client.ts';
import { createSupabaseSyncTransport } from '../../lib/sync/supabase-sync-transport.ts';
import { realClock, realIds, realRandom, realTimers, webLocks } from '../../sync/real-ports.ts';
import { serveUserSync } from './serve-user-sync.ts';
import { startUserSync } from './start-user-sync.ts';
import type { FromSyncWorker, SyncMessagePort, ToSyncWorker } from './sync-worker-messages.ts';

/**
 * The device's sync engine, started by the tab that leads (ADR 0134, 0139). It opens the user's
 * database itself; Dexie tells the tabs' live queries of every commit it makes.
 */
serveUserSync(globalThis as unknown as SyncMessagePort<ToSyncWorker, FromSyncWorker>, async (tab) => {
  const db = await openUserDatabase(tab.userId);
  const client = createTokenClient(() => tab.auth.current()?.accessToken ?? null);
  // The realtime socket authorises private channels with the token it was last given.
  tab.auth.subscribe(() => void client.realtime.setAuth().catch(() => undefined));
  const transport = createSupabaseSyncTransport(client, tab.userId);
  return startUserSync({
    db,
    transport,
    ports: {
      clock: realClock,
      ids: realIds,
      timers: realTimers,
      random: realRandom,
      connectivity: tab.connectivity,
      auth: tab.auth,
      locks: webLocks,
    },
    focus: tab.focus,
    engine: { journalKey: () => heldJournalKey(db) },
  });
});
