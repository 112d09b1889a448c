import type { Page } from '@playwright/test';

import { signalText } from './page-signal.ts';

/** Raised (page-signal.ts) each time the sync indicator turns to "up to date". */
export const UP_TO_DATE_SIGNAL = 'up-to-date';

/**
 * In-page probes for the browser sync benchmark. They run in the app's page and read only what the app
 * shows (the sync indicator's data-state) and stores (the user's IndexedDB database), so they measure
 * the production build as a user's browser runs it.
 */

/** What installSyncProbe leaves on `window.syncProbe`. */
export interface SyncProbe {
  longTasks: number[];
  /** When the indicator said "up to date", while it has stayed so (empty when it is not). */
  upToDateAt: number[];
  /** Settles the first time the indicator says "up to date". */
  upToDate: Promise<void>;
}

/**
 * Run in the page before any app script: records long tasks and when the indicator first says "up to
 * date", and logs `upToDateLine` then. Self-contained, as init scripts are serialised as text.
 */
export function installSyncProbe(upToDateLine: string): void {
  let reached: () => void = () => undefined;
  const probe = {
    longTasks: [] as number[],
    upToDateAt: [] as number[],
    upToDate: new Promise<void>((resolve) => (reached = resolve)),
  };
  (window as unknown as { syncProbe: typeof probe }).syncProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    const state = document.querySelector<HTMLElement>('aside[data-state]')?.dataset['state'];
    const last = probe.upToDateAt.length > 0;
    if (state === 'up_to_date' && !last) {
      probe.upToDateAt.push(performance.now());
      reached();
      console.debug(upToDateLine);
    }
    if (state !== 'up_to_date' && last) probe.upToDateAt.length = 0;
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
}

/** Installs installSyncProbe in every document the page loads, raising UP_TO_DATE_SIGNAL. */
export async function watchSync(page: Page): Promise<void> {
  await page.addInitScript(installSyncProbe, signalText(UP_TO_DATE_SIGNAL));
}

/**
 * Rows in one store of the user's database (0 before the app created it). Run in the page;
 * self-contained, as it is serialised as text.
 */
export async function storedRows([id, storeName]: readonly [string, string]): Promise<number> {
  const name = `murmur-user-${id}`;
  if (!(await indexedDB.databases()).some((info) => info.name === name)) return 0;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('open failed'));
  });
  const answer = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('count failed'));
    });
  /**
   * The rows of every landed chunk of the store, one chunk per cursor step: read in one getAll, ten
   * thousand rows are decoded in one task of the page's main thread (70–150 ms here), which the
   * long-task figures, gathered until after this count, would charge to the app.
   */
  const landedRows = (index: IDBIndex) =>
    new Promise<number>((resolve, reject) => {
      let sum = 0;
      const cursor = index.openCursor(storeName);
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return resolve(sum);
        sum += (at.value as { rows: unknown[] }).rows.length;
        at.continue();
      };
      cursor.onerror = () => reject(cursor.error ?? new Error('cursor failed'));
    });
  try {
    if (!db.objectStoreNames.contains(storeName)) return 0;
    // Rows a first sync landed whole count as the table's (docs/adr/0113), read in the same snapshot.
    const landed = db.objectStoreNames.contains('landed');
    const tx = db.transaction(landed ? [storeName, 'landed'] : [storeName]);
    const [rows, chunkRows] = await Promise.all([
      answer(tx.objectStore(storeName).count()),
      landed ? landedRows(tx.objectStore('landed').index('table')) : Promise.resolve(0),
    ]);
    return rows + chunkRows;
  } finally {
    db.close();
  }
}

/** storedRows in `page`. */
export function countRows(page: Page, userId: string, store: string): Promise<number> {
  return page.evaluate(storedRows, [userId, store] as const);
}

/** Until no landed chunk is left (every row of a first sync settled into its table, docs/adr/0113). */
export async function waitUntilSettled(page: Page, userId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await countRows(page, userId, 'landed')) > 0) {
    if (Date.now() > deadline) throw new Error(`waitUntilSettled: rows still landed after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Edits `count` stored notes while offline the way the note commands do (each entity row and its outbox
 * row, with a fresh HLC per field), all in one transaction. A fixture: the app's own writes go through
 * its commands; 1,000 edits through the editor would measure typing, not the drain.
 */
export function queueOfflineEdits(page: Page, userId: string, count: number): Promise<number> {
  return page.evaluate(
    async ([id, wanted]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`murmur-user-${id}`);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const node = 'b'.repeat(32);
      const now = Date.now();
      try {
        return await new Promise<number>((resolve, reject) => {
          const tx = db.transaction(['notes', 'outbox'], 'readwrite');
          const notes = tx.objectStore('notes');
          const outbox = tx.objectStore('outbox');
          let queued = 0;
          const request = notes.getAll(null, wanted);
          request.onsuccess = () => {
            for (const note of request.result as {
              id: string;
              body: string;
              _sync: { version: number; hlc: Record<string, string> };
            }[]) {
              const hlc = `${String(now).padStart(15, '0')}-${String(queued).padStart(6, '0')}-${node}`;
              const body = `${note.body} (edited offline)`;
              notes.put({ ...note, body, _sync: { ...note._sync, hlc: { ...note._sync.hlc, body: hlc } } });
              outbox.add({
                mutation_id: crypto.randomUUID(),
                table: 'notes',
                entity_id: note.id,
                patch: { body },
                hlc: { body: hlc },
                base: { body: note._sync.hlc['body'] ?? '' },
                created_at: new Date(now).toISOString(),
              });
              queued += 1;
            }
          };
          tx.oncomplete = () => resolve(queued);
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
      } finally {
        db.close();
      }
    },
    [userId, count] as const,
  );
}

/**
 * Resolves with the ms from the next 'online' event until the outbox is empty (looked at every 10 ms).
 * Start it, then bring the context online.
 */
export function timeDrainAfterOnline(page: Page, userId: string): Promise<number> {
  return page.evaluate(async (id) => {
    await new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
    const start = performance.now();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`murmur-user-${id}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    try {
      for (;;) {
        // The first key alone: counting a thousand rows every 10 ms would hold the outbox from the
        // app's own reads and deletes, and the drain would measure this probe.
        const empty = await new Promise<boolean>((resolve, reject) => {
          const request = db.transaction('outbox').objectStore('outbox').getAllKeys(null, 1);
          request.onsuccess = () => resolve(request.result.length === 0);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
        if (empty) return performance.now() - start;
        if (performance.now() - start > 120_000) throw new Error('changes still queued after 2 min');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      db.close();
    }
  }, userId);
}

/** Resolves with the wall-clock time (ms since the epoch) at which `text` first shows in the page. */
export function whenTextShows(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve, reject) => {
        const found = () => document.body.textContent?.includes(wanted) ?? false;
        if (found()) return resolve(performance.timeOrigin + performance.now());
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        setTimeout(() => reject(new Error(`"${wanted}" never showed`)), 60_000);
      }),
    text,
  );
}
