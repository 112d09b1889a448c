import { answerForDrafts } from '../../lib/drafts/drafts-in-every-tab.ts';
import { hasRescuedWrites } from '../../lib/drafts/rescued-writes.ts';
import { saveEveryDraft } from '../../lib/drafts/unsaved-drafts.ts';
import type { AuthPort } from '../../sync/ports.ts';
import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { openUserData } from './open-user-data.ts';
import type { UserSync } from './start-user-sync.ts';
import type { UserConnection } from './user-data-backend.ts';
import { userConnection } from './user-connection.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';

/** How long a start whose first screen is not a Page waits before it starts syncing. */
const SYNC_LATEST_MS = 3_000;

const loadReplay = () => import('./replay-rescued-writes.ts');

/**
 * The app's connection for a signed-in user, loaded lazily (Dexie, the engine and the transport are not
 * needed to paint): their own database, ready as soon as it is open, and the engine over the real ports,
 * which starts after it (ADR 0100): screens never wait for supabase-js to show local data.
 */
export async function connectUserData(userId: string, auth: AuthPort): Promise<UserConnection> {
  const connection = userConnection(await openUserData(userId), (data) =>
    startSyncAfterFirstScreen(data, auth),
  );
  const { commands } = connection.data;
  // Words a closed page could not commit are written before any screen reads (ADR 0108). The replay's
  // code, and the check of what was kept, load only when there are some.
  if (hasRescuedWrites(userId)) {
    await loadReplay()
      .then(({ replayRescuedWrites }) => replayRescuedWrites(userId, commands))
      .catch((error: unknown) => {
        console.error('Murmur could not read words kept from a closed page', error);
      });
  }
  // Another tab's rescues are watched from the first screen on; one left before that is replayed then.
  let closed = false;
  let stopWatching: () => void = () => undefined;
  void afterFirstScreen(SYNC_LATEST_MS)
    .then(loadReplay)
    .then(({ replayRescuedWrites, watchRescuedWrites }) => {
      if (closed) return;
      stopWatching = watchRescuedWrites(userId, commands);
      if (hasRescuedWrites(userId)) return replayRescuedWrites(userId, commands);
      return undefined;
    })
    .catch((error: unknown) => console.error('Murmur could not read words kept from a closed page', error));
  // Signing out in another tab asks this one for its drafts before counting what waits to sync.
  const stopAnswering = answerForDrafts(userId, saveEveryDraft);
  return {
    ...connection,
    close() {
      closed = true;
      stopAnswering();
      stopWatching();
      connection.close();
    },
  };
}

/**
 * The engine, its worker and supabase-js start once the first screen is up: the screen shows local data
 * and needs none of them, and they would compete with it for the main thread and the network. A write
 * before then waits in the outbox and is pushed when the engine starts (user-connection.ts).
 */
async function startSyncAfterFirstScreen(data: UserData, auth: AuthPort): Promise<UserSync> {
  await afterFirstScreen(SYNC_LATEST_MS);
  const { startAppSync } = await import('./start-app-sync.ts');
  return startAppSync(data, auth);
}
