import type { Page } from '@playwright/test';

/**
 * Record `key` of an IndexedDB store in `page` as the device holds it (undefined when absent), read
 * without the library that wrote it. The database must exist: opening a missing one would create it.
 */
export function storedRecord(
  page: Page,
  database: string,
  store: string,
  key: string,
): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(
    async ([name, storeName, id]) => {
      if (!(await indexedDB.databases()).some((info) => info.name === name))
        throw new Error(`no IndexedDB database ${name}`);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      try {
        return await new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).get(id);
          request.onsuccess = () => resolve(request.result as Record<string, unknown> | undefined);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
      } finally {
        db.close();
      }
    },
    [database, store, key] as const,
  );
}
