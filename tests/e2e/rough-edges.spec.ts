import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { seedNotes } from './support/seed-notes.ts';
import { SUPABASE_URL, signInBeforeLoad } from './support/session.ts';

/** Issue 54's rough edges that no other end-to-end test walks through, each as a person meets it. */
test.describe('rough edges', () => {
  test('a check-in address that is not a day says so instead of checking in for today', async ({ page }) => {
    await signInBeforeLoad(page);
    await page.goto('/mood/entry/not-a-date');
    await expect(page.getByText(/“not-a-date” is not a day/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save check-in' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Check in for today' }).click();
    await expect(page).toHaveURL(/\/mood\/entry$/);
    await expect(page.getByRole('button', { name: 'Save check-in' })).toBeVisible();
  });

  test('a pasted "home," becomes the tag home, without its comma', async ({ page }) => {
    const session = await signInBeforeLoad(page);
    await seedNotes(SUPABASE_URL, session, 1);
    await page.goto('/notes');
    await page.getByRole('list', { name: 'Notes' }).getByRole('link').first().click();
    const tagField = page.getByRole('textbox', { name: 'Add a tag' });
    await tagField.fill('home,');
    const tags = page.getByRole('list', { name: 'Tags of this note' });
    await expect(tags.getByRole('button', { name: 'Remove tag home', exact: true })).toBeVisible();
    await expect(page.getByText('#home,')).toHaveCount(0);
    await expect(tagField).toHaveValue('');
  });

  test('the support page names the version and its build time in words, not a raw timestamp', async ({
    page,
  }) => {
    await page.goto('/support');
    const version = page.getByText(/^Murmur \S+, built /);
    await expect(version).toBeVisible();
    await expect(version).not.toHaveText(/\d{4}-\d{2}-\d{2}T/);
  });

  test('/mood names each of its landmarks once', async ({ page }) => {
    await signInBeforeLoad(page);
    await page.goto('/mood');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withRules(['landmark-unique', 'landmark-no-duplicate-main', 'landmark-one-main'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
