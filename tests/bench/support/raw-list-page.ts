import type { Page } from '@playwright/test';

import { NOTE_ORDER_INDEX } from '../../../src/db/note-list-index.ts';
import { gotoUntilMark, markTime } from './page-signal.ts';

/** Set by the page below when its cards are on screen. */
const RAW_LIST_MARK = 'murmur:raw-list';
const CARDS = 50;

/**
 * A page with none of Murmur's code that does the least the notes list's first paint needs: open the
 * user's database, read the first 50 notes from the list-order index, put a card for each on screen
 * (title, and the body's start unless the note is locked) and mark the next frame. Served at `path` on
 * the app's origin (the database is the origin's), so the browser does only that work: the floor under
 * "first notes painted" on the machine and CPU slowdown it runs at.
 */
function rawListHtml(userId: string): string {
  const script = `
    const request = indexedDB.open(${JSON.stringify(`murmur-user-${userId}`)});
    request.onsuccess = () => {
      const index = request.result.transaction('notes').objectStore('notes').index(${JSON.stringify(NOTE_ORDER_INDEX)});
      const read = index.getAll(null, ${CARDS});
      read.onsuccess = () => {
        const list = document.createElement('ul');
        for (const note of read.result) {
          const card = document.createElement('li');
          const title = document.createElement('h2');
          title.textContent = note.title;
          card.append(title);
          if (!note.locked) {
            const body = document.createElement('p');
            body.textContent = note.body.slice(0, 160);
            card.append(body);
          }
          list.append(card);
        }
        document.body.append(list);
        requestAnimationFrame(() => setTimeout(() => performance.mark(${JSON.stringify(RAW_LIST_MARK)}), 0));
      };
    };`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title></head><body><script>${script}</script></body></html>`;
}

/** Loads the raw list page on `base` at `path` and returns the ms from navigation start to its mark. */
export async function timeRawListPage(
  page: Page,
  base: string,
  path: string,
  userId: string,
): Promise<number> {
  await page.route(`${base}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: rawListHtml(userId) }),
  );
  await gotoUntilMark(page, `${base}${path}`, RAW_LIST_MARK);
  return markTime(page, RAW_LIST_MARK);
}
