import { expect, test, type Page } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

/**
 * The start-up picture (docs/adr/0107): a start at /notes shows the list as it was left while the app
 * loads, and the app takes it away as it shows the list itself. The app's entry script is held back
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

/** Reloads with the app's code held back: whatever shows is index.html's own doing. */
async function reloadWithoutTheApp(page: Page): Promise<void> {
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.reload();
  await page.unroute(APP_ENTRY);
}

test('a start at /notes shows the list as it was left, never a locked body, then the live list', async ({
  page,
}) => {
  await signInBeforeLoad(page);
  await page.goto('/notes');
  await page.getByText('Note lock', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Allow locking notes with a PIN' }).check();
  await page.getByLabel('New PIN').fill('2468');
  await page.getByLabel('Repeat the PIN').fill('2468');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('PIN saved on this device.')).toBeVisible();
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
  await page.close();

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
