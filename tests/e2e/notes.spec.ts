import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { createAccount, uniqueEmail } from './support/backend.ts';
import { storedUserId } from './support/local-database.ts';
import { allowNoteLockWithPin } from './support/note-lock.ts';

const PASSWORD = 'Tulips&tea42';

/** A real account on the local backend, signed in through the sign-in form, landing on /notes. */
async function signInToNotes(page: Page, request: APIRequestContext): Promise<void> {
  const email = uniqueEmail('notes');
  await createAccount(request, email, PASSWORD);
  await page.goto('/notes');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
}

const saveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Saved$/ });
const bodyField = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true });
const noteList = (page: Page) => page.getByRole('list', { name: 'Notes' });

/** Creates a note from the list with "New note", types it, waits for "Saved" and returns to the list. */
async function writeNote(page: Page, title: string, body: string): Promise<void> {
  await page.getByRole('button', { name: 'New note' }).click();
  // A draft until its first words: nothing is created by the click.
  await expect(page).toHaveURL(/\/notes\/new$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type(title);
  await bodyField(page).fill(body);
  await expect(saveStatus(page)).toBeVisible();
  await page.getByRole('link', { name: 'All notes' }).click();
  await expect(noteList(page).getByRole('link', { name: new RegExp(title) })).toBeVisible();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('notes on the local backend', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInToNotes(page, request);
  });

  test('creates a note, and edits autosave across a reload and when leaving mid-typing', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
    await writeNote(page, 'Groceries', 'tomatoes and basil');
    await noteList(page)
      .getByRole('link', { name: /Groceries/ })
      .click();
    await bodyField(page).fill('tomatoes, basil and mozzarella');
    await expect(saveStatus(page)).toBeVisible();
    await page.reload();
    await expect(bodyField(page)).toHaveValue('tomatoes, basil and mozzarella');
    // Leave within the autosave pause: the unmount flush still writes the last words.
    await bodyField(page).press('End');
    await page.keyboard.type(' and olives');
    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(noteList(page).getByText('tomatoes, basil and mozzarella and olives')).toBeVisible();
  });

  test('a newer Murmur opening the database in another tab gets the words typed here, then this tab reloads', async ({
    page,
  }) => {
    await writeNote(page, 'Train', 'first line');
    await noteList(page).getByRole('link', { name: /Train/ }).click();
    const userId = await storedUserId(page);
    const reloaded = page.waitForEvent('load');
    // Typed, and within the autosave pause when the other tab asks for the database.
    await bodyField(page).fill('first line, then the update came');
    const other = await page.context().newPage();
    await other.goto('/favicon.svg');
    // What a newer schema version does on opening: upgrade the database, which the open tab must let go.
    const bodies = await other.evaluate(
      (name) =>
        new Promise<string[]>((resolve, reject) => {
          const probe = indexedDB.open(name);
          probe.onerror = () => reject(probe.error);
          probe.onsuccess = () => {
            const version = probe.result.version;
            probe.result.close();
            const upgrade = indexedDB.open(name, version + 10);
            upgrade.onerror = () => reject(upgrade.error);
            upgrade.onsuccess = () => {
              const read = upgrade.result.transaction('notes').objectStore('notes').getAll();
              read.onsuccess = () => {
                upgrade.result.close();
                resolve((read.result as { body: string }[]).map((note) => note.body));
              };
              read.onerror = () => reject(read.error);
            };
          };
        }),
      `murmur-user-${userId}`,
    );
    expect(bodies).toEqual(['first line, then the update came']);
    await reloaded;
    await other.close();
  });

  test('deletes with undo, and restores from the trash', async ({ page }) => {
    await writeNote(page, 'Draft letter', 'Dear Ada');
    await noteList(page)
      .getByRole('link', { name: /Draft letter/ })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/notes$/);
    await expect(page.getByRole('searchbox', { name: 'Search notes' })).toBeFocused();
    await expect(page.getByText('Note moved to the trash')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(noteList(page).getByRole('link', { name: /Draft letter/ })).toBeVisible();

    await noteList(page)
      .getByRole('link', { name: /Draft letter/ })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: 'No notes yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByText('1 deleted note')).toBeVisible();
    await page.getByRole('button', { name: 'Restore Draft letter' }).click();
    await expect(page.getByText('The trash is empty.')).toBeVisible();
    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(noteList(page).getByRole('link', { name: /Draft letter/ })).toBeVisible();
  });

  test('[R42] deleting forever from the trash asks first, and the notes stay gone after a reload', async ({
    page,
  }) => {
    // Two notes written and deleted before the trash is reached: more steps than most tests here.
    test.slow();
    for (const [title, body] of [
      ['Draft letter', 'Dear Ada'],
      ['Old plan', 'Move in May'],
    ] as const) {
      await writeNote(page, title, body);
      await noteList(page)
        .getByRole('link', { name: new RegExp(title) })
        .click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/notes$/);
    }
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByText('2 deleted notes')).toBeVisible();

    await page.getByRole('button', { name: 'Delete forever Draft letter' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Draft letter” forever?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByText('1 deleted note')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore Draft letter' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('1 deleted note')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore Draft letter' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Empty trash' }).click();
    await page
      .getByRole('alertdialog', { name: 'Empty the trash?' })
      .getByRole('button', { name: 'Empty trash' })
      .click();
    await expect(page.getByText('The trash is empty.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('The trash is empty.')).toBeVisible();
  });

  test('search finds a note by a word prefix without its accents; pinning moves a note first', async ({
    page,
  }) => {
    await writeNote(page, 'Café ideas', 'a crème brûlée stand');
    await writeNote(page, 'Gym', 'squats on Monday');
    await expect(noteList(page).getByRole('link')).toHaveCount(2);
    await expect(noteList(page).getByRole('link').first()).toContainText('Gym');

    await page.getByRole('searchbox', { name: 'Search notes' }).fill('creme bru');
    await expect(noteList(page).getByRole('link')).toHaveCount(1);
    await expect(noteList(page).getByRole('link').first()).toContainText('Café ideas');
    await expect(page).toHaveURL(/q=creme\+bru/);
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('');

    await noteList(page)
      .getByRole('link', { name: /Café ideas/ })
      .click();
    await page.getByRole('button', { name: 'Pin' }).click();
    await expect(page.getByRole('button', { name: 'Unpin' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(noteList(page).getByRole('link').first()).toContainText('Café ideas');
    await expect(noteList(page).getByRole('link').first()).toContainText('Pinned');
  });

  test('a locked note keeps its body out of the DOM and search until the PIN unlocks it', async ({
    page,
  }) => {
    await allowNoteLockWithPin(page, '2468');

    await writeNote(page, 'Diary', 'the surprise party is on Friday');
    await noteList(page).getByRole('link', { name: /Diary/ }).click();
    await page.getByRole('button', { name: 'Lock note' }).click();
    await expect(page.getByRole('heading', { name: 'This note is locked' })).toBeVisible();
    // The list beside the note drops the preview once its live query sees the lock.
    await expect.poll(() => page.content()).not.toContain('surprise party');

    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(noteList(page).getByText('Locked note')).toBeVisible();
    expect(await page.content()).not.toContain('surprise party');
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('surprise');
    await expect(page.getByRole('heading', { name: 'No matching notes' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('diary');
    await expect(noteList(page).getByRole('link')).toHaveCount(1);

    await noteList(page).getByRole('link', { name: /Diary/ }).click();
    expect(await page.content()).not.toContain('surprise party');
    await page.getByLabel('PIN', { exact: true }).fill('1111');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('That PIN is not right.')).toBeVisible();
    await page.getByLabel('PIN', { exact: true }).fill('2468');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(bodyField(page)).toHaveValue('the surprise party is on Friday');
    await page.getByRole('button', { name: 'Lock now' }).click();
    await expect(bodyField(page)).toHaveCount(0);
  });

  test('the list and the editor have no serious or critical axe violations', async ({ page }) => {
    await writeNote(page, 'Axe check', 'some text to show');
    expect(await seriousViolations(page)).toEqual([]);
    await noteList(page)
      .getByRole('link', { name: /Axe check/ })
      .click();
    await expect(bodyField(page)).toBeVisible();
    await page.getByText('Font, colour and size').click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'All notes' }).click();
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
