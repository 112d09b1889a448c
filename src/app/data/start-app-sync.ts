import type { AuthPort } from '../../sync/ports.ts';
import { browserConnectivity, realIds, webLocks } from '../../sync/real-ports.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { shareSync, syncOwnerLockName } from './share-sync.ts';
import { startAudioUploads } from './start-audio-uploads.ts';
import type { UserSync } from './start-user-sync.ts';
import { startWorkerSync } from './start-worker-sync.ts';
import type { LeaderEngine } from './sync-worker-messages.ts';
import { windowFocus } from './window-focus.ts';

/** Syncs a signed-in user's open data: loaded after the first screen (connect-user-data.ts). */
export async function startAppSync(data: UserData, auth: AuthPort): Promise<UserSync> {
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
    lead: () => leadAppSync(data, auth),
  });
}

/** The engine, in a worker of this tab's (ADR 0139), and the audio uploads beside it. */
async function leadAppSync(data: UserData, auth: AuthPort): Promise<UserSync<LeaderEngine>> {
  const sync = await startWorkerSync({
    // Vite bundles a worker only from this literal `new Worker(new URL(…, import.meta.url))`.
    worker: new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module' }),
    userId: data.userId,
    auth,
    connectivity: browserConnectivity,
    focus: windowFocus,
  });
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
