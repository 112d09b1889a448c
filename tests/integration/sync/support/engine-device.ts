import type { SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

import { createCommands, type Commands } from '../../../../src/db/commands/create-commands.ts';
import { heldJournalKey } from '../../../../src/db/journal-key.ts';
import { openUserDatabase } from '../../../../src/db/open-user-database.ts';
import type { MurmurDatabase } from '../../../../src/db/schema.ts';
import { createSupabaseSyncTransport } from '../../../../src/lib/sync/supabase-sync-transport.ts';
import type { AuthPort } from '../../../../src/sync/ports.ts';
import { realClock, realIds, realRandom, realTimers } from '../../../../src/sync/real-ports.ts';
import { SyncEngine, type SyncEngineOptions } from '../../../../src/sync/sync-engine.ts';
import type { SyncSession, SyncTransport } from '../../../../src/sync/transport.ts';
import { FakeConnectivity } from '../../../../src/testing/sync/fake-connectivity.ts';
import { FakeLocks } from '../../../../src/testing/sync/fake-locks.ts';
import { client } from '../../backend/support/clients.ts';
import { TEST_PASSWORD, type SyncBackend } from './sync-backend.ts';

/** One browser profile against the real backend: its own IndexedDB, supabase-js session and engine. */
export interface EngineDevice {
  userId: string;
  db: MurmurDatabase;
  commands: Commands;
  engine: SyncEngine;
  transport: SyncTransport;
  connectivity: FakeConnectivity;
  close(): Promise<void>;
}

/** The engine's view of a supabase-js session (what src/app wires up for the real app). */
function supabaseAuthPort(supabase: SupabaseClient, first: SyncSession): AuthPort & { close(): void } {
  let session: SyncSession | null = first;
  const listeners = new Set<(session: SyncSession | null) => void>();
  const { data } = supabase.auth.onAuthStateChange((_event, next) => {
    session = next ? { userId: next.user.id, accessToken: next.access_token } : null;
    for (const listener of [...listeners]) listener(session);
  });
  return {
    current: () => session,
    refresh: async () => {
      await supabase.auth.refreshSession();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => data.subscription.unsubscribe(),
  };
}

export async function openEngineDevice(
  backend: SyncBackend,
  email: string,
  engineOptions: Partial<Pick<SyncEngineOptions, 'journalKey'>> | 'key in its database' = {},
): Promise<EngineDevice> {
  const supabase = client(backend.url, backend.anonKey);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message ?? 'no session'}`);
  const userId = data.session.user.id;
  const db = await openUserDatabase(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  // As the app's sync worker: the key this device's database holds, forgotten there (the default).
  const keyOptions =
    engineOptions === 'key in its database' ? { journalKey: () => heldJournalKey(db) } : engineOptions;
  const connectivity = new FakeConnectivity(true);
  const transport = createSupabaseSyncTransport(supabase, userId);
  const auth = supabaseAuthPort(supabase, { userId, accessToken: data.session.access_token });
  const engine = new SyncEngine({
    db,
    transport,
    ports: {
      clock: realClock,
      ids: realIds,
      timers: realTimers,
      random: realRandom,
      connectivity,
      auth,
      locks: new FakeLocks(),
    },
    ...keyOptions,
  });
  engine.start();
  return {
    userId,
    db,
    commands: createCommands(db, { clock: realClock, ids: realIds }),
    engine,
    transport,
    connectivity,
    async close() {
      engine.stop();
      transport.close();
      auth.close();
      await supabase.removeAllChannels();
      db.close();
    },
  };
}
