import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';

import { readLocal, removeLocal, storageKey, writeLocal } from '../local-store.ts';

/**
 * Bumped when what a persisted query holds changes shape: a cache written by an older build is then
 * dropped rather than read as the new shape.
 */
const SERVER_STATE_BUSTER = 'server-state-1';

/** Users signed out in this page: a save still on its way for them is dropped, not written back. */
const forgotten = new Set<string>();

const keyOf = (userId: string) => storageKey(`server-state-${userId}`);

/**
 * A query is kept on the device only when it says so (`meta: { persist: true }`), has an answer, and
 * belongs to the user whose cache this is (its key starts `['user', userId]`): a function call's
 * result or another account's rows never reach this user's storage.
 */
function persistsFor(userId: string) {
  return (query: Query): boolean =>
    query.meta?.['persist'] === true &&
    query.state.status === 'success' &&
    query.queryKey[0] === 'user' &&
    query.queryKey[1] === userId;
}

/**
 * How one signed-in user's server state is kept on this device, as the props of
 * `PersistQueryClientProvider`: in localStorage under a key with their id, so it is there at the first
 * render, before the journal's database has opened. No age limit: what is kept carries its own end (a
 * period end, a trial end), and the access rules read it against the clock, so an old answer can only
 * grant what it granted until then. What is restored is shown at once but asked for again as soon as a
 * screen reads it, however fresh it was when kept: a start always checks with the backend.
 */
export function serverStatePersistence(
  userId: string,
  client: QueryClient,
): Pick<PersistQueryClientProviderProps, 'persistOptions' | 'onSuccess'> {
  forgotten.delete(userId);
  const persister = createAsyncStoragePersister({
    key: keyOf(userId),
    // Written as soon as it changes, not a second later: a start that goes offline right after a trial
    // began (or a tab closed then) must find the new answer kept. Server state changes seldom.
    throttleTime: 0,
    storage: {
      getItem: (key) => readLocal(key),
      setItem: (key, value) => {
        if (!forgotten.has(userId)) writeLocal(key, value);
      },
      removeItem: (key) => removeLocal(key),
    },
  });
  return {
    persistOptions: {
      persister,
      buster: SERVER_STATE_BUSTER,
      maxAge: Number.POSITIVE_INFINITY,
      dehydrateOptions: { shouldDehydrateQuery: persistsFor(userId) },
    },
    onSuccess: () => client.invalidateQueries({ refetchType: 'none' }),
  };
}

/** On sign-out: the user's kept server state leaves the device with their session. */
export function forgetServerState(userId: string): void {
  forgotten.add(userId);
  removeLocal(keyOf(userId));
}
