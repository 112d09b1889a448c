import { expect, test } from '@playwright/test';

import { seriousViolations } from './support/axe.ts';
import { signInBeforeLoad } from './support/session.ts';

/** A diary entry's font, size and paper colour are picked from controls that show what they pick. */
test.describe('diary look', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('a font, size and colour picked in the diary apply at once and stay after a reload', async ({
    page,
  }) => {
    test.setTimeout(90_000); // an axe run over the whole editor, then a reload
    await page.goto('/diary');
    await page.getByRole('button', { name: 'New entry for today' }).click();
    await page.getByLabel('Title').fill('Sea glass');
    const entry = page.getByLabel('Entry', { exact: true });
    await entry.fill('Green and frosted, found at low tide.');

    const fonts = page.getByRole('group', { name: 'Font', exact: true });
    // Each font's name is written in that font.
    await expect(fonts.getByText('Lora', { exact: true })).toHaveCSS('font-family', /^"?Lora"?,/);
    await fonts.getByRole('radio', { name: 'Lora' }).check();
    await expect(fonts.getByRole('radio', { name: 'Lora' })).toBeChecked();
    await expect(entry).toHaveCSS('font-family', /^"?Lora"?,/);

    await page.getByLabel('Font size').selectOption({ label: '24 px' });
    await expect(entry).toHaveCSS('font-size', '24px');

    const colours = page.getByRole('group', { name: 'Paper colour' });
    await colours.getByRole('radio', { name: 'Mint' }).click();
    await expect(colours.getByRole('radio', { name: 'Mint' })).toBeChecked();
    await expect(entry).toHaveCSS('background-color', 'rgb(220, 252, 231)');
    expect(await seriousViolations(page)).toEqual([]);

    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Lora' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Mint' })).toBeChecked();
    await expect(page.getByLabel('Font size')).toHaveValue('24');
    await expect(page.getByLabel('Entry', { exact: true })).toHaveCSS(
      'background-color',
      'rgb(220, 252, 231)',
    );
  });

  test('the colour swatches are reached and changed from the keyboard', async ({ page }) => {
    await page.goto('/diary');
    await page.getByRole('button', { name: 'New entry for today' }).click();
    await page.getByLabel('Title').fill('Keys only');
    const colours = page.getByRole('group', { name: 'Paper colour' });
    await colours.getByRole('radio', { name: 'Lavender' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(colours.getByRole('radio', { name: 'Amber' })).toBeChecked();
    await expect(colours.getByRole('radio', { name: 'Amber' })).toBeFocused();
    await expect(page.getByLabel('Entry', { exact: true })).toHaveCSS(
      'background-color',
      'rgb(253, 230, 138)',
    );
  });
});
