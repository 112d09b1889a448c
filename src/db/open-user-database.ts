import type { DexieOptions } from 'dexie';

import { MurmurDatabase } from './schema.ts';
import { userDatabaseName } from './user-database-name.ts';

export { userDatabaseName };

export interface DatabaseEnvironment {
  /** IndexedDB factory and key range; the browser's by default, fake-indexeddb in tests. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

function dexieOptions(env: DatabaseEnvironment): DexieOptions {
  // Live-query results are shared and frozen rather than deep-cloned for each query: the notes list
  // reads every note on each change, and cloning ten thousand of them was half of its mount. INVARIANT:
  // nothing mutates a row or array a live query returned (a frozen row throws if something tries).
  const options: DexieOptions = { cache: 'immutable' };
  if (env.indexedDB) options.indexedDB = env.indexedDB;
  if (env.IDBKeyRange) options.IDBKeyRange = env.IDBKeyRange;
  return options;
}

export async function openUserDatabase(
  userId: string,
  env: DatabaseEnvironment = {},
): Promise<MurmurDatabase> {
  const db = new MurmurDatabase(userDatabaseName(userId), userId, dexieOptions(env));
  await db.open();
  return db;
}

/** Removes a user's local data entirely (sign-out with "forget this device"). */
export async function deleteUserDatabase(userId: string, env: DatabaseEnvironment = {}): Promise<void> {
  await new MurmurDatabase(userDatabaseName(userId), userId, dexieOptions(env)).delete();
}
