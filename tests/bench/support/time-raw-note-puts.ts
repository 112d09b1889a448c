import type { Page } from '@playwright/test';

import { MAX_ROWS_PER_APPLY } from '../../../src/sync/apply-groups.ts';

/**
 * The platform's own cost of an initial sync's writes, with none of Murmur's code: every note the
 * initial sync stored in the user's database, read back as stored, then put into a new database whose
 * notes store has the same key path and indexes (copied from the app's store), in transactions of as
 * many rows as a walk applies in one. Runs in the page, on the same browser profile the sync wrote to;
 * the copy is deleted afterwards. Returns the ms from the first put to the last commit.
 *
 * Every put is issued at once within its transaction (the fastest way IndexedDB takes rows); nothing is
 * fetched, parsed or checked. Whatever the sync takes beyond this is Murmur's.
 */
export function timeRawNotePuts(page: Page, userId: string): Promise<{ ms: number; rows: number }> {
  return page.evaluate(
    async ([id, perTransaction]) => {
      const open = (name: string, upgrade?: (db: IDBDatabase) => void) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = upgrade ? indexedDB.open(name, 1) : indexedDB.open(name);
          if (upgrade) request.onupgradeneeded = () => upgrade(request.result);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error(`could not open ${name}`));
        });
      const done = (request: IDBRequest) =>
        new Promise<unknown>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('request failed'));
        });

      const source = await open(`murmur-user-${id}`);
      const store = source.transaction('notes').objectStore('notes');
      const indexes = [...store.indexNames].map((name) => {
        const index = store.index(name);
        return { name, keyPath: index.keyPath, multiEntry: index.multiEntry, unique: index.unique };
      });
      const keyPath = store.keyPath;
      const rows = (await done(store.getAll())) as unknown[];
      source.close();

      const copyName = `murmur-bench-raw-puts-${crypto.randomUUID()}`;
      const copy = await open(copyName, (db) => {
        const notes = db.createObjectStore('notes', { keyPath });
        for (const index of indexes) notes.createIndex(index.name, index.keyPath, index);
      });
      try {
        const start = performance.now();
        for (let first = 0; first < rows.length; first += perTransaction) {
          const tx = copy.transaction('notes', 'readwrite');
          const notes = tx.objectStore('notes');
          for (const row of rows.slice(first, first + perTransaction)) notes.put(row);
          await new Promise<void>((resolve, reject) => {
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error ?? new Error('put failed'));
            tx.commit();
          });
        }
        return { ms: performance.now() - start, rows: rows.length };
      } finally {
        copy.close();
        await done(indexedDB.deleteDatabase(copyName));
      }
    },
    [userId, MAX_ROWS_PER_APPLY] as const,
  );
}
