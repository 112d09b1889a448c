import type { Page } from '@playwright/test';

/**
 * The platform's own cost of a note save, with none of Murmur's code: the three requests a save reads
 * (the note, the client id, the clock state) and the three it writes (the note, its outbox row, the
 * clock state) in one readwrite transaction over notes, outbox and sync_meta, as the note commands do
 * (src/db/commands/write-change.ts). It runs on a new database with those stores copied from the
 * user's (key paths and indexes), holding the newest note and the sync_meta rows, on the same browser
 * profile; the copy is deleted afterwards. Returns each save's ms from the transaction's creation to
 * its commit, with a pause between saves as between a typist's autosaves.
 */
export function timeRawNoteSaves(page: Page, userId: string, saves: number): Promise<number[]> {
  return page.evaluate(
    async ([id, count]) => {
      const STORES = ['notes', 'outbox', 'sync_meta'] as const;
      const open = (name: string, upgrade?: (db: IDBDatabase) => void) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = upgrade ? indexedDB.open(name, 1) : indexedDB.open(name);
          if (upgrade) request.onupgradeneeded = () => upgrade(request.result);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error(`could not open ${name}`));
        });
      const done = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('request failed'));
        });

      const source = await open(`murmur-user-${id}`);
      const read = source.transaction([...STORES]);
      const shapes = STORES.map((name) => {
        const store = read.objectStore(name);
        const indexes = [...store.indexNames].map((indexName) => {
          const index = store.index(indexName);
          return {
            name: indexName,
            keyPath: index.keyPath,
            multiEntry: index.multiEntry,
            unique: index.unique,
          };
        });
        return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
      });
      const [note] = (await done(read.objectStore('notes').getAll(null, 1))) as {
        id: string;
        body: string;
      }[];
      const meta = (await done(read.objectStore('sync_meta').getAll())) as { key: string; value: unknown }[];
      source.close();
      if (!note) throw new Error('no note to save');

      const copyName = `murmur-bench-raw-saves-${crypto.randomUUID()}`;
      const copy = await open(copyName, (db) => {
        for (const shape of shapes) {
          const store = db.createObjectStore(shape.name, {
            keyPath: shape.keyPath,
            autoIncrement: shape.autoIncrement,
          });
          for (const index of shape.indexes) store.createIndex(index.name, index.keyPath, index);
        }
      });
      try {
        const seed = copy.transaction(['notes', 'sync_meta'], 'readwrite');
        seed.objectStore('notes').put(note);
        for (const row of meta) seed.objectStore('sync_meta').put(row);
        await new Promise<void>((resolve) => (seed.oncomplete = () => resolve()));

        const times: number[] = [];
        for (let save = 0; save < count; save += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const start = performance.now();
          const tx = copy.transaction([...STORES], 'readwrite');
          const notes = tx.objectStore('notes');
          const outbox = tx.objectStore('outbox');
          const syncMeta = tx.objectStore('sync_meta');
          const [stored] = await Promise.all([
            done(notes.get(note.id)) as Promise<{ body: string }>,
            done(syncMeta.get('client')),
            done(syncMeta.get('hlc')),
          ]);
          const body = `${stored.body}x`;
          const hlc = `${String(Date.now()).padStart(15, '0')}-${String(save).padStart(6, '0')}-${'c'.repeat(32)}`;
          notes.put({ ...stored, body });
          outbox.add({
            mutation_id: crypto.randomUUID(),
            table: 'notes',
            entity_id: note.id,
            patch: { body },
            hlc: { body: hlc },
            base: { body: '' },
            created_at: new Date().toISOString(),
          });
          syncMeta.put({ key: 'hlc', value: hlc });
          await new Promise<void>((resolve, reject) => {
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error ?? new Error('save failed'));
            tx.commit();
          });
          times.push(performance.now() - start);
        }
        return times;
      } finally {
        copy.close();
        await done(indexedDB.deleteDatabase(copyName));
      }
    },
    [userId, saves] as const,
  );
}
