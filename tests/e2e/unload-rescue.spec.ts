import { expect, test } from '@playwright/test';

import { API_URL } from './support/backend.ts';
import { signInBeforeLoad } from './support/session.ts';

// An unloading page cannot finish an IndexedDB write (ADR 0108): each test below reloads or closes
// the page straight after typing, inside the autosave's pause, where the words used to be lost.
test.describe('words typed just before the page goes', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('a note reloaded straight after typing keeps every word', async ({ page }) => {
    await page.goto('/notes');
    await page.getByRole('button', { name: 'New note' }).click();
    // A draft until its first words: nothing is created by the click.
    await expect(page).toHaveURL(/\/notes\/new$/);
    const body = page.getByRole('textbox', { name: 'Text', exact: true });
    await body.fill('Platform four');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);

    await body.fill('Platform four, the 8:12 to Leeds');
    await page.reload();
    await expect(body).toHaveValue('Platform four, the 8:12 to Leeds');
    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('the 8:12 to Leeds');
  });

  test('a new note’s first words survive a reload straight after them, and backing out leaves none', async ({
    page,
  }) => {
    await page.goto('/notes/new');
    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(page.getByText('Untitled note')).toHaveCount(0);

    await page.goto('/notes/new');
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Platform nine');
    await page.reload();
    await page.goto('/notes');
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Platform nine');
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);
  });

  test('a new diary entry reloaded straight after typing keeps every word, once', async ({ page }) => {
    await page.goto('/diary');
    await page.getByRole('button', { name: 'New entry for today' }).click();
    // A draft until its first words: the reload may land before or after the entry is created.
    await expect(page).toHaveURL(/\/diary\/new\?day=/);
    await page.getByLabel('Title').fill('Harbour walk');
    await page.getByLabel('Entry', { exact: true }).fill('Fog over the water, then sun.');
    await page.reload();
    await page.goto('/diary');
    await expect(page.getByRole('link', { name: /Harbour walk/ })).toHaveCount(1);
    await page.getByRole('link', { name: /Harbour walk/ }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Harbour walk');
    await expect(page.getByLabel('Entry', { exact: true })).toHaveValue('Fog over the water, then sun.');
  });

  test('a check-in reloaded straight after typing comes back whole', async ({ page }) => {
    await page.goto('/mood/entry');
    await page.getByRole('radio', { name: 'Good' }).check({ force: true });
    await page.getByLabel('Note').fill('Half a thought before the train');
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Your unsaved check-in is back' })).toBeVisible();
    await expect(page.getByLabel('Note')).toHaveValue('Half a thought before the train');
    await expect(page.getByRole('radio', { name: 'Good' })).toBeChecked();
  });

  test('words typed in a tab that is closed show in the tab left open', async ({ page, context }) => {
    await page.goto('/notes');
    await page.getByRole('button', { name: 'New note' }).click();
    // A draft until its first words: nothing is created by the click.
    await expect(page).toHaveURL(/\/notes\/new$/);
    await page.getByRole('textbox', { name: 'Title' }).fill('Shopping');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);

    const other = await context.newPage();
    await other.goto('/notes');
    const list = other.getByRole('list', { name: 'Notes' });
    await expect(list).toContainText('Shopping');

    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('oat milk, lemons');
    await page.close();
    await expect(list).toContainText('oat milk, lemons');
  });

  test('words typed in a window beside the one signing out are counted, synced and kept', async ({
    page,
    context,
  }) => {
    await page.goto('/notes');
    await page.getByRole('button', { name: 'New note' }).click();
    // A draft until its first words: nothing is created by the click.
    await expect(page).toHaveURL(/\/notes\/new$/);
    await page.getByRole('textbox', { name: 'Title' }).fill('Letter');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect(page).toHaveURL(/\/notes\/[0-9a-f-]{36}$/);
    const note = page.url();
    const other = await context.newPage();
    await other.goto('/profile');
    await expect(other.locator('aside[data-state="up_to_date"]')).toBeAttached();
    // Neither window can push (either tab's engine may push the shared outbox), so what this one writes
    // waits in the outbox for the other to count.
    await context.route(`${API_URL}/rest/v1/rpc/sync_push`, (route) => route.abort());

    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Dear Sam, the garden is full of');
    await other.getByRole('button', { name: 'Sign out of Murmur' }).click();
    await expect(other.getByText("1 change on this device hasn't reached your account yet.")).toBeVisible();
    await context.unroute(`${API_URL}/rest/v1/rpc/sync_push`);
    await other.getByRole('button', { name: 'Sync now, then sign out' }).click();
    await expect(other).toHaveURL(/\/auth$/);

    // Signed in again on a device with nothing stored: the words come back from the account. That is a
    // new database and a first sync, in both windows at once (the session written for this page signs the
    // other in too): seconds on a busy 2-core machine.
    await page.goto(note);
    await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(
      'Dear Sam, the garden is full of',
      { timeout: 20_000 },
    );
  });
});
