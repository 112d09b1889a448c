import type { Page } from '@playwright/test';

import { signalText } from './page-signal.ts';

/**
 * In-page probes for the encryption benchmark. Like sync-probes.ts they read only what the app shows (its
 * encryption progress, on every screen) and stores (the user's IndexedDB database).
 */

/** Raised when the progress says every entry was queued again sealed. */
export const ENCRYPTED_SIGNAL = 'journal-encrypted';
const RUNNING = 'Encrypting your journal';
const DONE = 'Your journal is encrypted. Everything';

/** One text the progress showed, and when (ms since the epoch). */
interface ProgressSeen {
  at: number;
  text: string;
}

/**
 * Run in the page before any app script: keeps every text the encryption progress shows, with its time,
 * on `window.encryptionProgress`, and logs `doneLine` when it says all is done. Self-contained.
 */
function recordEncryptionProgress([doneLine, running, done]: readonly [string, string, string]): void {
  const seen: { at: number; text: string }[] = [];
  (window as unknown as { encryptionProgress: typeof seen }).encryptionProgress = seen;
  new MutationObserver(() => {
    for (const status of document.querySelectorAll('[role="status"]')) {
      const text = status.textContent ?? '';
      if (!text.startsWith(running) && !text.startsWith(done)) continue;
      if (seen.some((entry) => entry.text === text)) continue;
      seen.push({ at: performance.timeOrigin + performance.now(), text });
      if (text.startsWith(done)) console.debug(doneLine);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

export async function watchEncryptionProgress(page: Page): Promise<void> {
  await page.addInitScript(recordEncryptionProgress, [signalText(ENCRYPTED_SIGNAL), RUNNING, DONE] as const);
}

/** What the progress has shown in the page's current document. */
export function progressSeen(page: Page): Promise<ProgressSeen[]> {
  return page.evaluate(
    () => (window as unknown as { encryptionProgress?: ProgressSeen[] }).encryptionProgress ?? [],
  );
}

/** A progress text's count: done and total, or null for the closing text. */
export function progressCount(text: string): { done: number; total: number } | null {
  const match = /: ([\d,]+) of ([\d,]+) entries/.exec(text);
  if (!match) return null;
  const number = (value: string | undefined) => Number((value ?? '').replaceAll(',', ''));
  return { done: number(match[1]), total: number(match[2]) };
}

/** Whether a progress text is the closing one. */
export const isDoneText = (text: string) => text.startsWith(DONE);

/** Until the progress shows at least `percent` done; returns the count it showed then. */
export async function waitForProgress(page: Page, percent: number): Promise<{ done: number; total: number }> {
  const handle = await page.waitForFunction(
    ([wanted, running]) => {
      const seen =
        (window as unknown as { encryptionProgress?: { text: string }[] }).encryptionProgress ?? [];
      const last = seen.at(-1)?.text ?? '';
      const match = /: ([\d,]+) of ([\d,]+) entries/.exec(last);
      if (!last.startsWith(running) || !match) return null;
      const done = Number((match[1] ?? '').replaceAll(',', ''));
      const total = Number((match[2] ?? '').replaceAll(',', ''));
      return done * 100 >= wanted * total ? { done, total } : null;
    },
    [percent, RUNNING] as const,
    { polling: 10, timeout: 120_000 },
  );
  return (await handle.jsonValue()) as { done: number; total: number };
}

/** When (ms since the epoch) the user's outbox is next empty, looked at every 20 ms. */
export function outboxEmptyAt(page: Page, userId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`murmur-user-${id}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const start = performance.now();
    try {
      for (;;) {
        // The first key alone, as timeDrainAfterOnline does, to keep the probe off the app's writes.
        const empty = await new Promise<boolean>((resolve, reject) => {
          const request = db.transaction('outbox').objectStore('outbox').getAllKeys(null, 1);
          request.onsuccess = () => resolve(request.result.length === 0);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
        if (empty) return performance.timeOrigin + performance.now();
        if (performance.now() - start > 120_000) throw new Error('changes still queued after 2 min');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      db.close();
    }
  }, userId);
}

/** What one of the user's stores holds, every row (run in the page). */
export function readStore<T>(page: Page, userId: string, store: string): Promise<T[]> {
  return page.evaluate(
    async ([id, name]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`murmur-user-${id}`);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      try {
        return await new Promise<T[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
      } finally {
        db.close();
      }
    },
    [userId, store] as const,
  );
}
