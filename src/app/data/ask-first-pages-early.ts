import { hasUserDatabase } from '../../db/user-database-name.ts';
import { createSyncWorker, type SyncWorkerRunner } from '../../lib/sync/create-sync-worker.ts';
import type { AuthPort } from '../../sync/ports.ts';
import { DEFAULT_PULL_LIMIT } from '../../sync/pull-runner.ts';

/**
 * Imported with the app's entry (4 kB): fetched lazily, behind the screen's chunks, the worker started
 * 250 ms later on a loaded machine.
 *
 * On a device with no database for this user yet, whose first sync is the whole journal: the sync
 * worker starts now and asks for the first pages while the rest of the app loads (docs/adr/0117); the
 * connection hands it to the engine, whose first walk takes them. Null on a device that has synced
 * before (its walks are short, done on the page), without a session for the user, or where the browser
 * cannot tell.
 */
export async function askFirstPagesEarly(
  userId: string,
  auth: AuthPort,
  factory?: IDBFactory,
): Promise<SyncWorkerRunner | null> {
  const session = auth.current();
  if (session?.userId !== userId) return null;
  try {
    if ((await hasUserDatabase(userId, factory)) !== false) return null;
  } catch (error) {
    console.warn('Murmur could not list its databases; the first sync starts with the engine', error);
    return null;
  }
  const runner = createSyncWorker(userId);
  runner.askEarlyPages(session, DEFAULT_PULL_LIMIT);
  return runner;
}
