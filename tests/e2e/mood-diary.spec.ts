import { expect, test, type Page } from '@playwright/test';

import { readStore, storedUserId } from './support/local-database.ts';
import { signInBeforeLoad } from './support/session.ts';

/** The device's local day, as the app computes it, shifted by `offset` days. */
async function localDay(page: Page, offset = 0): Promise<string> {
  return page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      date,
    );
  }, offset);
}

test.describe('mood and diary', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('a mood check-in takes two taps and shows on today', async ({ page }) => {
    await page.goto('/mood/entry');
    await page.getByText('Good', { exact: true }).click();
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await expect(page).toHaveURL(/\/mood$/);
    await expect(page.getByText('Mood saved')).toBeVisible();
    await expect(page.getByRole('article', { name: /^Good at / })).toBeVisible();
  });

  test('a check-in keeps activities and a note, can be edited, and deleting it can be undone', async ({
    page,
  }) => {
    await page.goto('/mood');
    await page.getByRole('link', { name: 'Check in' }).click();
    const save = page.getByRole('button', { name: 'Save check-in' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription('Pick how you feel first.');
    await page.getByRole('radio', { name: 'Okay' }).check({ force: true });
    await expect(save).toBeEnabled();
    await page.getByRole('checkbox', { name: 'Work' }).check({ force: true });
    await page.getByLabel('Another activity').fill('Pottery');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Note').fill('Long day, good clay.');
    await page.getByRole('button', { name: 'Save check-in' }).click();

    const card = page.getByRole('article', { name: /^Okay at / });
    await expect(card).toContainText('Work');
    await expect(card).toContainText('pottery');
    await expect(card).toContainText('Long day, good clay.');

    await card.getByRole('link', { name: /^Edit the check-in Okay/ }).click();
    await page.getByRole('radio', { name: 'Great' }).check({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    const edited = page.getByRole('article', { name: /^Great at / });
    await expect(edited).toContainText('Long day, good clay.');
    await expect(page.getByRole('article', { name: /^Okay at / })).toHaveCount(0);

    await edited.getByRole('button', { name: /^Delete the check-in Great/ }).click();
    await expect(page.getByRole('article', { name: /^Great at / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('article', { name: /^Great at / })).toBeVisible();
    // A new activity is offered next time.
    await page.goto('/mood/entry');
    await expect(page.getByRole('checkbox', { name: 'pottery' })).toBeVisible();
  });

  test('a check-in typed but not saved comes back after a reload, and saving it leaves nothing behind', async ({
    page,
  }) => {
    await page.goto('/mood/entry');
    await page.getByRole('radio', { name: 'Good' }).check({ force: true });
    await page.getByLabel('Note').fill('Half a thought before the train');
    const drafts = async () =>
      readStore(page, `murmur-user-${(await storedUserId(page)) ?? ''}`, 'form_drafts');
    await expect.poll(async () => (await drafts()).length).toBe(1);

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Your unsaved check-in is back' })).toBeVisible();
    await expect(page.getByLabel('Note')).toHaveValue('Half a thought before the train');
    await expect(page.getByRole('radio', { name: 'Good' })).toBeChecked();
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await expect(page.getByRole('article', { name: /^Good at / })).toContainText(
      'Half a thought before the train',
    );
    expect(await drafts()).toEqual([]);
  });

  test('a check-in can be made for an earlier day and shows on that day only', async ({ page }) => {
    await page.goto('/mood');
    const yesterday = await localDay(page, -1);
    await page.goto(`/mood/entry/${yesterday}`);
    await page.getByRole('radio', { name: 'Bad' }).check({ force: true });
    await page.getByLabel('Time').fill('21:30');
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await expect(page).toHaveURL(new RegExp(`/mood\\?day=${yesterday}$`));
    await expect(page.getByRole('article', { name: /^Bad at / })).toBeVisible();
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Bad at / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page.getByRole('article', { name: /^Bad at / })).toBeVisible();
  });

  test('a diary entry saves while typing, survives a reload, and deleting it can be undone', async ({
    page,
  }) => {
    await page.goto('/diary');
    await expect(page.getByText('Your diary is empty.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'New entry for today' }).click();
    await page.getByLabel('Title').fill('Harbour walk');
    await expect(page).toHaveURL(/\/diary\/[0-9a-f-]{36}$/);
    await page.getByLabel('Entry', { exact: true }).fill('Fog over the water, then sun.');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue('Harbour walk');
    await expect(page.getByLabel('Entry', { exact: true })).toHaveValue('Fog over the water, then sun.');

    await page.getByRole('link', { name: 'Back to the day' }).click();
    await expect(page.getByRole('link', { name: /Harbour walk/ })).toBeVisible();
    await page.getByRole('link', { name: /Harbour walk/ }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/mood\?day=/);
    await expect(page.getByRole('link', { name: /Harbour walk/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('link', { name: /Harbour walk/ })).toBeVisible();
    await page.goto('/diary');
    await expect(page.getByRole('link', { name: /Harbour walk/ })).toBeVisible();
  });

  test('[R43] a deleted diary entry can be deleted forever from its page, after a question', async ({
    page,
  }) => {
    await page.goto('/diary');
    await page.getByRole('button', { name: 'New entry for today' }).click();
    await page.getByLabel('Title').fill('Letter to Ana');
    await expect(page).toHaveURL(/\/diary\/[0-9a-f-]{36}$/);
    const entryUrl = page.url();
    await page.getByLabel('Entry', { exact: true }).fill('What I never sent.');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/mood\?day=/);

    await page.goBack();
    await expect(page.getByText('This entry was deleted.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete forever' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Letter to Ana” forever?' });
    await expect(dialog).toContainText('This cannot be undone.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page).toHaveURL(/\/mood\?day=/);
    await expect(page.getByText('Diary entry deleted forever')).toBeVisible();

    // The emptied entry reached the server: nothing waits to sync, and the words are gone on the device.
    const database = `murmur-user-${(await storedUserId(page)) ?? ''}`;
    await expect.poll(async () => (await readStore(page, database, 'outbox')).length).toBe(0);
    expect(JSON.stringify(await readStore(page, database, 'diary_entries'))).not.toMatch(/Ana|never sent/);
    await page.goto(entryUrl);
    await expect(page.getByText('This diary entry does not exist on this device.')).toBeVisible();
  });

  test('backing out of a new diary entry before typing leaves nothing in the diary', async ({ page }) => {
    await page.goto('/diary');
    await page.getByRole('button', { name: 'New entry for today' }).click();
    // Nothing is created by the click: backing out leaves the diary empty.
    await expect(page).toHaveURL(/\/diary\/new\?day=/);
    await page.getByRole('link', { name: 'Back to the day' }).click();
    await expect(page).toHaveURL(/\/mood\?day=/);
    await page.goto('/diary');
    await expect(page.getByText('Your diary is empty.', { exact: false })).toBeVisible();
  });

  test('a new diary entry’s first words create it once, and typing on goes on without a break', async ({
    page,
  }) => {
    await page.goto('/diary');
    await page.getByRole('button', { name: 'New entry for today' }).click();
    const entry = page.getByRole('textbox', { name: 'Entry', exact: true });
    await expect(entry).toBeFocused();
    // Typed key by key through the create and the editor taking over: no letter may be lost.
    await page.keyboard.type('Fog over the harbour, then a slow clearing sun.');
    await expect(page).toHaveURL(/\/diary\/[0-9a-f-]{36}$/);
    await expect(entry).toHaveValue('Fog over the harbour, then a slow clearing sun.');
    await expect(entry).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.goto('/diary');
    await expect(page.getByRole('link', { name: /Fog over the harbour/ })).toHaveCount(1);
  });

  test('a diary entry can be written for an earlier day', async ({ page }) => {
    await page.goto('/diary');
    const lastWeek = await localDay(page, -7);
    await page.getByLabel('Or for another day').fill(lastWeek);
    await page.getByRole('button', { name: 'Write' }).click();
    await page.getByLabel('Title').fill('Looking back');
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.goto('/diary');
    await expect(page.getByRole('link', { name: /Looking back/ })).toBeVisible();
    await page.goto(`/mood?day=${lastWeek}`);
    await expect(page.getByRole('link', { name: /Looking back/ })).toBeVisible();
  });
});
