import type { Page } from '@playwright/test';

/**
 * Resolves with the wall-clock time (ms since the epoch) at which record `key` of an IndexedDB store in
 * `page` first holds `text` in `field`: the moment the device's own database has it, whichever library
 * wrote it. Looked at every few ms from the page, the same way for Murmur and for the peer; start it
 * before the write it waits for.
 */
export function whenStored(
  page: Page,
  database: string,
  store: string,
  key: string,
  field: string,
  text: string,
): Promise<number> {
  return page.evaluate(
    async ([name, storeName, id, fieldName, wanted]) => {
      if (!(await indexedDB.databases()).some((info) => info.name === name))
        throw new Error(`no IndexedDB database ${name}`);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const deadline = performance.now() + 60_000;
      try {
        for (;;) {
          const value = await new Promise<unknown>((resolve, reject) => {
            const request = db.transaction(storeName).objectStore(storeName).get(id);
            request.onsuccess = () =>
              resolve((request.result as Record<string, unknown> | undefined)?.[fieldName]);
            request.onerror = () => reject(request.error ?? new Error('read failed'));
          });
          if (value === wanted) return performance.timeOrigin + performance.now();
          if (performance.now() > deadline) throw new Error(`"${wanted}" never stored in ${name}`);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      } finally {
        db.close();
      }
    },
    [database, store, key, field, text] as const,
  );
}
