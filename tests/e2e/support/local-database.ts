import type { Page } from '@playwright/test';

/** The signed-in user's id, as supabase-js stored the session in this page's origin. */
export function storedUserId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id?: string } }).user?.id;
  });
}

/** Reads a store of the user's own IndexedDB database, as the app wrote it. */
export function readStore(page: Page, database: string, store: string): Promise<unknown[]> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as unknown[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [database, store] as const,
  );
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
