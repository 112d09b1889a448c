import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

test('one search finds notes, diary entries and mood notes, accents and case aside, and opens them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInBeforeLoad(page);

  await page.goto('/notes');
  await page.getByRole('button', { name: 'New note' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Café by the lake');
  await page.getByLabel('Text', { exact: true }).fill('Coffee with Ana, then a long walk.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  await page.goto('/app');
  await page.getByRole('button', { name: 'Diary entry' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Evening');
  await page
    .getByRole('textbox', { name: 'Entry', exact: true })
    .fill('The herons came back to the river at dusk.');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  await page.goto('/mood/entry');
  await page.getByRole('radio', { name: 'Good' }).check({ force: true });
  await page.getByLabel('Note').fill('Die Straße war still und schön');
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page.getByRole('article', { name: /^Good at / })).toBeVisible();

  await page.goto('/app');
  const search = page.getByRole('searchbox', { name: 'Search your journal' });
  await search.fill('cafe');
  const results = page.getByRole('region', { name: 'Search your journal' });
  await expect(results.getByRole('status')).toHaveText('1 entry found');
  await expect(results.getByRole('link', { name: /Café by the lake/ }).locator('mark')).toHaveText('Café');

  await search.fill('HERON');
  await expect(results.getByRole('link', { name: /Evening/ }).locator('mark')).toHaveText('herons');
  await search.fill('strasse schon');
  await expect(results.getByRole('status')).toHaveText('1 entry found');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await results.getByRole('link', { name: /Mood/ }).click();
  await expect(page).toHaveURL(/\/mood\?day=\d{4}-\d{2}-\d{2}$/);

  await page.goto('/app');
  await page.getByRole('searchbox', { name: 'Search your journal' }).fill('walk');
  await page.getByRole('region', { name: 'Search your journal' }).getByRole('link', { name: /Café/ }).click();
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]+$/);
  await expect(page.getByLabel('Text', { exact: true })).toHaveValue('Coffee with Ana, then a long walk.');
});
