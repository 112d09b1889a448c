import { answerForDrafts } from '../../lib/drafts/drafts-in-every-tab.ts';
import { saveEveryDraft } from '../../lib/drafts/unsaved-drafts.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import type { AuthPort } from '../../sync/ports.ts';
import {
  browserConnectivity,
  realClock,
  realIds,
  realRandom,
  realTimers,
  browserYield,
  webLocks,
} from '../../sync/real-ports.ts';
import type { SyncEngine } from '../../sync/sync-engine.ts';
import { loadSyncTransport, type CreateSyncTransport } from './load-sync-transport.ts';
import { openUserData } from './open-user-data.ts';
import { replayRescuedWrites, watchRescuedWrites } from './replay-rescued-writes.ts';
import { shareSync, syncOwnerLockName } from './share-sync.ts';
import { startAudioUploads } from './start-audio-uploads.ts';
import { startUserSync, type UserSync } from './start-user-sync.ts';
import type { UserConnection } from './user-data-backend.ts';
import { userConnection } from './user-connection.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { windowFocus } from './window-focus.ts';

/**
 * The app's connection for a signed-in user, loaded lazily (Dexie, the engine and the transport are not
 * needed to paint): their own database, ready as soon as it is open, and the engine over the real ports,
 * which starts after it (ADR 0100): screens never wait for supabase-js to show local data.
 */
export async function connectUserData(userId: string, auth: AuthPort): Promise<UserConnection> {
  const connection = userConnection(await openUserData(userId), (data) => startAppSync(data, auth));
  // Words a closed page could not commit are written before any screen reads (ADR 0108).
  await replayRescuedWrites(userId, connection.data.commands).catch((error: unknown) => {
    console.error('Murmur could not read words kept from a closed page', error);
  });
  const stopWatching = watchRescuedWrites(userId, connection.data.commands);
  // Signing out in another tab asks this one for its drafts before counting what waits to sync.
  const stopAnswering = answerForDrafts(userId, saveEveryDraft);
  return {
    ...connection,
    close() {
      stopAnswering();
      stopWatching();
      connection.close();
    },
  };
}

async function startAppSync(data: UserData, auth: AuthPort): Promise<UserSync | null> {
  const createTransport = await loadSyncTransport();
  if (!createTransport) return null;
  const name = data.db.name;
  // One tab of the device syncs this database at a time (ADR 0134): the rest follow it.
  return shareSync({
    locks: webLocks,
    name,
    channel: new BroadcastChannel(syncOwnerLockName(name)),
    focus: windowFocus,
    // As the engine's own first status would (start-user-sync.ts): no "Offline" flash when online.
    initialStatus: { state: browserConnectivity.isOnline() ? 'syncing' : 'offline' },
    tabId: realIds.next(),
    lead: () => leadAppSync(data, auth, createTransport),
  });
}

/** The engine and the audio uploads beside it, in the tab that leads. */
async function leadAppSync(
  data: UserData,
  auth: AuthPort,
  createTransport: CreateSyncTransport,
): Promise<UserSync<SyncEngine>> {
  const sync = await startEngine(data, auth, createTransport);
  // Audio follows its metadata: the uploader runs beside the engine and stops with it. The commands are
  // the connection's, so marking a recording uploaded tells the engine like any write.
  const stopAudio = await startAudioUploads(data.db, data.commands, sync.engine).catch((error: unknown) => {
    console.error('Murmur could not start audio uploads; recordings stay on this device', error);
    return () => undefined;
  });
  return {
    ...sync,
    dispose() {
      stopAudio();
      sync.dispose();
    },
  };
}

async function startEngine(
  data: UserData,
  auth: AuthPort,
  createTransport: CreateSyncTransport,
): Promise<UserSync<SyncEngine>> {
  const transport = createTransport(await loadSupabase(), data.userId);
  return startUserSync({
    db: data.db,
    transport,
    ports: {
      clock: realClock,
      ids: realIds,
      timers: realTimers,
      random: realRandom,
      connectivity: browserConnectivity,
      yieldToUi: browserYield,
      auth,
      locks: webLocks,
    },
    focus: windowFocus,
  });
}
