import type { Page } from '@playwright/test';

/** The signed-in user's id, as supabase-js stored the session in this page's origin. */
export function storedUserId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id?: string } }).user?.id;
  });
}

/** One request on a store of a database of the page's origin, answered in the page. */
function askStore<T>(
  page: Page,
  database: string,
  store: string,
  method: 'getAll' | 'count' | 'get',
  key = '',
): Promise<T> {
  return page.evaluate(
    ([name, storeName, request, wanted]) =>
      new Promise<T>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const objects = open.result.transaction(storeName).objectStore(storeName);
          const asked = request === 'get' ? objects.get(wanted) : objects[request]();
          asked.onsuccess = () => {
            open.result.close();
            resolve(asked.result as T);
          };
          asked.onerror = () => reject(asked.error);
        };
      }),
    [database, store, method, key] as const,
  );
}

/** One record of a store of the user's own IndexedDB database, by its key (undefined: none). */
export function readRecord(page: Page, database: string, store: string, key: string): Promise<unknown> {
  return askStore(page, database, store, 'get', key);
}

/** Reads a store of the user's own IndexedDB database, as the app wrote it. */
export function readStore(page: Page, database: string, store: string): Promise<unknown[]> {
  return askStore(page, database, store, 'getAll');
}

/**
 * The number of records in a store of the user's own IndexedDB database. Counted in the page: bringing
 * a thousand rows back to the test through Playwright takes a second or more on a busy machine.
 */
export function countStore(page: Page, database: string, store: string): Promise<number> {
  return askStore(page, database, store, 'count');
}

/** The signed-in user's stored settings row on this device (null before the first write or pull). */
export async function storedSettings(page: Page): Promise<Record<string, unknown> | null> {
  const userId = await storedUserId(page);
  if (!userId) return null;
  const [row] = (await readStore(page, `murmur-user-${userId}`, 'user_settings')) as Record<
    string,
    unknown
  >[];
  return row ?? null;
}
