import { expect, test, type Page } from '@playwright/test';

import { countStore } from './support/local-database.ts';
import { allowNoteLockWithPin } from './support/note-lock.ts';
import { signInBeforeLoad } from './support/session.ts';

/**
 * The start-up picture (docs/adr/0107): a start at /notes, or at home, shows the screen as it was left
 * while the app loads, and the app takes it away as it shows the screen itself. The app's entry script is held back
 * (routed away) to see the picture on its own. No service worker, so the route sees every request.
 */
test.use({ serviceWorkers: 'block' });

const APP_ENTRY = /\/assets\/index-[^/]*\.js$/;
const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });
const picture = (page: Page) => page.locator('#first-paint');

async function writeNote(page: Page, title: string, body: string): Promise<void> {
  await page.getByRole('button', { name: 'New note' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type(title);
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill(body);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
}

/**
 * Reloads with the app's code held back: whatever shows is index.html's own doing. The app stays held
 * back until letTheAppRun: index.html starts it only after the picture's check, after the load.
 */
async function reloadWithoutTheApp(page: Page): Promise<void> {
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.reload();
}

async function letTheAppRun(page: Page): Promise<void> {
  await page.unroute(APP_ENTRY);
}

/**
 * Leaves the app as a person closing it would, then closes the tab. A navigation runs the page's
 * pagehide in its own renderer before the next document; closing the tab straight away on a busy
 * machine may end the renderer before its pagehide has stored the picture.
 */
async function leaveAndClose(page: Page): Promise<void> {
  await page.goto('/manifest.webmanifest');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('murmur-first-paint') !== null))
    .toBe(true);
  await page.close();
}

test('a start at /notes shows the list as it was left, never a locked body, then the live list', async ({
  page,
}) => {
  await signInBeforeLoad(page);
  await page.goto('/notes');
  await allowNoteLockWithPin(page, '2468');
  await writeNote(page, 'Groceries', 'tomatoes and basil');
  await page.getByRole('link', { name: 'All notes' }).click();
  await writeNote(page, 'Diary', 'the surprise party is on Friday');
  await page.getByRole('button', { name: 'Lock note' }).click();
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(page).getByText('Locked note')).toBeVisible();
  await expect(noteList(page).getByText('tomatoes and basil')).toBeVisible();

  await reloadWithoutTheApp(page);
  await expect(picture(page)).toContainText('Groceries');
  await expect(picture(page)).toContainText('tomatoes and basil');
  await expect(picture(page)).toContainText('Locked note');
  expect(await page.content()).not.toContain('surprise party');
  // Shown, not used: out of the accessibility tree and of the Tab order, with no ids or links.
  await expect(picture(page)).toHaveAttribute('inert', '');
  await expect(picture(page)).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('link', { name: /Groceries/ })).toHaveCount(0);
  expect(await picture(page).locator('[id], [href]').count()).toBe(0);

  // Shown once: the next start without a page left on the list has none.
  await letTheAppRun(page);
  await page.goto('/notes');
  await expect(noteList(page).getByRole('link', { name: /Groceries/ })).toBeVisible();
  await page.reload();
  await expect(noteList(page).getByRole('link', { name: /Groceries/ })).toBeVisible();
  await expect(picture(page)).toHaveCount(0);
  await expect(page.getByText('tomatoes and basil')).toHaveCount(1);
  const shown = await page.evaluate(() => performance.getEntriesByName('murmur:first-paint').length);
  expect(shown).toBe(1);
});

test('the picture is shown only to the account it was taken for', async ({ page, context }) => {
  await signInBeforeLoad(page);
  await page.goto('/notes');
  await writeNote(page, 'Groceries', 'tomatoes and basil');
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(page).getByText('tomatoes and basil')).toBeVisible();
  await leaveAndClose(page);

  // The page left on the list kept a picture; a start where another account is signed in ignores it.
  const next = await context.newPage();
  await signInBeforeLoad(next);
  await next.addInitScript(() => {
    (window as { pictureStored?: boolean }).pictureStored =
      localStorage.getItem('murmur-first-paint') !== null;
  });
  await next.route(APP_ENTRY, (route) => route.abort());
  await next.goto('/notes');
  await expect(next.locator('#root')).toBeAttached();
  expect(await next.evaluate(() => (window as { pictureStored?: boolean }).pictureStored)).toBe(true);
  expect(await next.content()).not.toContain('tomatoes and basil');
  await expect(picture(next)).toHaveCount(0);
});

test('a picture whose notes are no longer the first in the database, unchanged, is not shown', async ({
  page,
  context,
}) => {
  const session = await signInBeforeLoad(page);
  await page.goto('/notes');
  await writeNote(page, 'Groceries', 'tomatoes and basil');
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(page).getByText('tomatoes and basil')).toBeVisible();
  // The note's push and the pull after it write its row again, and the list reads it again: both are
  // done before the change below, or the list would show the change and the picture would match it.
  const database = `murmur-user-${session.user.id}`;
  await expect.poll(() => countStore(page, database, 'outbox'), { timeout: 20_000 }).toBe(0);
  await expect(page.locator('aside[data-state="up_to_date"]')).toBeAttached({ timeout: 20_000 });
  // The note changes in the database behind the list's back, as another tab would have changed it
  // while this one was frozen: the picture taken when this page closes shows it as it was.
  await page.evaluate(async (database) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const tx = db.transaction('notes', 'readwrite');
    const store = tx.objectStore('notes');
    const request = store.getAll();
    request.onsuccess = () => {
      for (const note of request.result as { title: string }[])
        store.put({ ...note, title: `${note.title}, and bread` });
    };
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  }, database);
  await expect(noteList(page).getByText('Groceries', { exact: true })).toBeVisible();
  await leaveAndClose(page);

  const next = await context.newPage();
  await next.addInitScript(() => {
    (window as { pictureStored?: string | null }).pictureStored = localStorage.getItem('murmur-first-paint');
  });
  await next.route(APP_ENTRY, (route) => route.abort());
  // index.html asks for the app once the picture's check has answered.
  const asked = next.waitForRequest(APP_ENTRY);
  await next.goto('/notes');
  await asked;
  const stored = await next.evaluate(() => (window as { pictureStored?: string | null }).pictureStored);
  expect(stored).toContain('tomatoes and basil');
  expect(stored).toContain('"check"');
  // Asked at once, not retried: index.html drops the picture after 3 s whatever happens.
  expect(await picture(next).count()).toBe(0);
  expect(await next.content()).not.toContain('tomatoes and basil');
  expect(await next.evaluate(() => performance.getEntriesByName('murmur:first-paint').length)).toBe(0);
});

test("the picture's check never creates a database that is not there", async ({ page }) => {
  const session = await signInBeforeLoad(page);
  const database = `murmur-user-${session.user.id}`;
  await page.goto('/notes');
  await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
  const kept = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    return localStorage.getItem('murmur-first-paint');
  });
  expect(kept).toContain('"check"');

  // The app held back from here on: the database is deleted (another tab signed out and cleared it),
  // and the picture is still kept.
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.goto('/notes');
  await page.evaluate(
    async ([name, picture]) => {
      await new Promise((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = resolve;
        request.onerror = () => reject(request.error ?? new Error('delete failed'));
      });
      localStorage.setItem('murmur-first-paint', picture);
    },
    [database, kept ?? ''] as const,
  );
  const asked = page.waitForRequest(APP_ENTRY);
  await page.reload();
  await asked;
  expect(await picture(page).count()).toBe(0);
  const names = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(names).not.toContain(database);
});

test('the picture is kept while the page is hidden, and forgotten when the list is left', async ({
  page,
}) => {
  await signInBeforeLoad(page);
  await page.goto('/notes');
  await writeNote(page, 'Groceries', 'tomatoes and basil');
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(page).getByText('tomatoes and basil')).toBeVisible();
  const storedPicture = () => page.evaluate(() => localStorage.getItem('murmur-first-paint'));

  // The page goes to the background (another tab, the home screen) and comes back.
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { value, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  expect(await storedPicture()).toContain('tomatoes and basil');
  await setVisibility('visible');
  expect(await storedPicture()).toBeNull();

  await setVisibility('hidden');
  await setVisibility('visible');
  await setVisibility('hidden');
  expect(await storedPicture()).not.toBeNull();
  await noteList(page)
    .getByRole('link', { name: /Groceries/ })
    .click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Groceries');
  expect(await storedPicture()).toBeNull();
});

test('signing out forgets a picture another tab kept', async ({ page }) => {
  await signInBeforeLoad(page);
  await page.goto('/notes');
  await writeNote(page, 'Groceries', 'tomatoes and basil');
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(page).getByText('tomatoes and basil')).toBeVisible();
  // Another tab left hidden on the list (the page is shown here, so this tab keeps none of its own).
  const kept = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    const picture = localStorage.getItem('murmur-first-paint');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    return picture;
  });
  expect(kept).toContain('tomatoes and basil');
  await page.goto('/profile');
  await page.evaluate((picture) => localStorage.setItem('murmur-first-paint', picture ?? ''), kept);

  await page.getByRole('button', { name: 'Sign out of Murmur' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('murmur-first-paint'))).toBeNull();
});

/** Home with every part's data: today, the streak and On This Day (its picture is kept from then on). */
async function homeIsShown(page: Page): Promise<void> {
  await expect(page.getByText('Nothing written today yet.')).toBeVisible();
  await expect(page.getByText('Nothing from this date in earlier years — yet.')).toBeVisible();
  await expect(page.getByTestId('streak')).toBeVisible();
}

test('a start at / or /app shows home as it was left that day, and home replaces it', async ({ page }) => {
  const session = await signInBeforeLoad(page);
  await page.goto('/app');
  await homeIsShown(page);

  // The installed app starts at /, which takes a signed-in person home: the picture shows there too.
  await reloadWithoutTheApp(page);
  await expect(picture(page)).toContainText('Quick actions');
  await expect(picture(page)).toContainText('Nothing written today yet.');
  await expect(picture(page)).toContainText(`Signed in as ${session.user.email ?? ''}`);
  await letTheAppRun(page);
  await page.goto('/app');
  await homeIsShown(page);
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.goto('/');
  await expect(picture(page)).toContainText('Quick actions');
  await letTheAppRun(page);

  // Home takes it away once every part has its data, after the redirect from /.
  await page.goto('/app');
  await homeIsShown(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByText('Nothing written today yet.')).toHaveCount(1);
  await expect(picture(page)).toHaveCount(0);
  expect(await page.evaluate(() => performance.getEntriesByName('murmur:first-paint').length)).toBe(1);
});

test("home's picture is not shown on another day", async ({ page, context }) => {
  await signInBeforeLoad(page);
  await page.goto('/app');
  await homeIsShown(page);
  await leaveAndClose(page);

  // The picture kept by the page just left, as if it had been taken the day before.
  const next = await context.newPage();
  await next.addInitScript(() => {
    const raw = localStorage.getItem('murmur-first-paint');
    if (!raw) return;
    const picture = JSON.parse(raw) as { day?: string };
    (window as { pictureDay?: string }).pictureDay = picture.day;
    localStorage.setItem('murmur-first-paint', JSON.stringify({ ...picture, day: '2000-01-01' }));
  });
  await next.route(APP_ENTRY, (route) => route.abort());
  await next.goto('/app');
  await expect(next.locator('#root')).toBeAttached();
  expect(await next.evaluate(() => (window as { pictureDay?: string }).pictureDay)).toMatch(
    /^\d{4}-\d{2}-\d{2}$/,
  );
  await expect(picture(next)).toHaveCount(0);
});
