/**
 * One IndexedDB database per signed-in user (ADR 0020): two accounts on one device never share a
 * table, an outbox or a cursor, so one account's changes can never be pushed under another (R30).
 */
const PREFIX = 'murmur-user-';

export function userDatabaseName(userId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(userId))
    throw new Error('a user id must be 1–64 letters, digits or dashes');
  return `${PREFIX}${userId}`;
}

/**
 * Whether this device has a database for the user, asked without opening (and so creating) it; null
 * where the browser cannot list its databases.
 */
export async function hasUserDatabase(
  userId: string,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<boolean | null> {
  if (typeof factory?.databases !== 'function') return null;
  const name = userDatabaseName(userId);
  return (await factory.databases()).some((info) => info.name === name);
}
