import { getCursor } from '../../db/sync-meta.ts';
import { answerForDrafts } from '../../lib/drafts/drafts-in-every-tab.ts';
import { saveEveryDraft } from '../../lib/drafts/unsaved-drafts.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { createSyncWorker, type SyncWorkerRunner } from '../../lib/sync/create-sync-worker.ts';
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
import type { PullRunner } from '../../sync/pull-runner.ts';
import type { PushRunner } from '../../sync/push-runner.ts';
import { loadSyncTransport, type CreateSyncTransport } from './load-sync-transport.ts';
import { openUserData } from './open-user-data.ts';
import { replayRescuedWrites, watchRescuedWrites } from './replay-rescued-writes.ts';
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
export async function connectUserData(
  userId: string,
  auth: AuthPort,
  earlyWorker: SyncWorkerRunner | null = null,
): Promise<UserConnection> {
  const connection = userConnection(await openUserData(userId), (data) =>
    startAppSync(data, auth, earlyWorker),
  );
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

async function startAppSync(
  data: UserData,
  auth: AuthPort,
  earlyWorker: SyncWorkerRunner | null,
): Promise<UserSync | null> {
  // The engine's pull and push runner: it starts its worker when a walk runs long (ADR 0099) or at the
  // end of the first push (ADR 0115), or at once on a device that has never pulled this journal, whose
  // first walk is all of it: the worker then loads while supabase-js does, instead of after the first
  // page. On a device with no database for the user, it was started before the connection, with the
  // first pages already asked for (ADR 0117).
  const syncWorker = earlyWorker ?? createSyncWorker(data.userId);
  getCursor(data.db).then(
    (cursor) => {
      if (cursor === 0) syncWorker.warmUp();
    },
    (error: unknown) => console.error('Murmur could not read how far it has synced', error),
  );
  let sync: UserSync;
  try {
    const createTransport = await loadSyncTransport();
    if (!createTransport) {
      syncWorker.close();
      return null;
    }
    sync = await startEngine(data, auth, createTransport, syncWorker);
  } catch (error) {
    // A worker started early must not outlive a sync that never started: it holds the database open.
    syncWorker.close();
    throw error;
  }
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
      syncWorker.close();
    },
  };
}

async function startEngine(
  data: UserData,
  auth: AuthPort,
  createTransport: CreateSyncTransport,
  syncWorker: PullRunner & PushRunner,
): Promise<UserSync> {
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
    engine: { pullRunner: syncWorker, pushRunner: syncWorker },
  });
}
