import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { signInBeforeLoad } from './support/session.ts';

/** The device's local day shifted by `offset` days, with its English weekday and pixel name. */
async function localDay(page: Page, offset: number) {
  return page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    return {
      day: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        date,
      ),
      weekday: new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(date),
      pixel: new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long' }).format(date),
    };
  }, offset);
}

/** A check-in made through the mood screen, as a person would back-fill one. */
async function checkIn(page: Page, day: string, mood: string, time: string, activity?: string) {
  await page.goto(`/mood/entry/${day}`);
  await page.getByRole('radio', { name: mood }).check({ force: true });
  await page.getByLabel('Time').fill(time);
  if (activity) await page.getByRole('checkbox', { name: activity }).check({ force: true });
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/mood\\?day=${day}$`));
}

test.describe('insights', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('an empty journal says so and invites a check-in', async ({ page }) => {
    await page.goto('/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(page.getByText(/No check-ins in this period yet/)).toBeVisible();
    await expect(page.getByTestId('insights-streak')).toContainText(
      'Current streak: 0 days. Longest streak: 0 days.',
    );
  });

  test('summaries, tables and Year in Pixels describe the check-ins, and a day opens its entries', async ({
    page,
  }) => {
    test.setTimeout(120_000); // four check-ins through the UI, then a full axe run over 365 pixels
    await page.goto('/mood');
    const [one, two, three] = [await localDay(page, -1), await localDay(page, -2), await localDay(page, -3)];
    await checkIn(page, one.day, 'Great', '09:00', 'Exercise');
    await checkIn(page, one.day, 'Good', '20:00');
    await checkIn(page, two.day, 'Bad', '21:30', 'Work');
    await checkIn(page, three.day, 'Great', '09:15');

    await page.goto('/insights');
    const overTime = page.getByTestId('insights-over-time');
    await expect(overTime).toContainText(
      'Your average mood was 4 out of 5 (good) over 3 days with a check-in',
    );
    await expect(page.getByTestId('insights-weekday')).toContainText(
      `Your mood was highest on ${three.weekday}s and lowest on ${two.weekday}s.`,
    );
    await expect(page.getByTestId('insights-distribution')).toContainText(
      'You felt great most often: 2 of 4 check-ins.',
    );
    await expect(page.getByTestId('insights-streak')).toContainText(
      'Current streak: 3 days. Longest streak: 3 days.',
    );
    await expect(page.getByTestId('insights-hours')).toContainText(
      'You check in most often around 9 AM: 2 of 4 check-ins.',
    );
    await expect(page.getByTestId('insights-activities')).toContainText('Too little data to mean much yet');

    // The table alternative holds the same numbers as the chart.
    await overTime.getByText('Show as a table').click();
    const rows = overTime.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4);
    const busiest = rows.filter({ hasText: '4.5' });
    await expect(busiest.getByRole('cell')).toHaveText(['4.5', 'Great', 'Good', '2']);

    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      ),
    ).toEqual([]);

    // Selecting a pixel opens that day.
    await page.getByRole('link', { name: `${two.pixel}, bad` }).click();
    await expect(page).toHaveURL(new RegExp(`/mood\\?day=${two.day}$`));
    await expect(page.getByRole('article', { name: /^Bad at / })).toBeVisible();
  });

  test('the period switcher recomputes for the chosen window', async ({ page }) => {
    await page.goto('/mood');
    const old = await localDay(page, -20);
    await checkIn(page, old.day, 'Okay', '12:00');
    await page.goto('/insights');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/No check-ins in this period yet/)).toBeVisible();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page.getByTestId('insights-distribution')).toContainText(
      'You felt okay most often: 1 of 1 check-ins.',
    );
  });

  test('Year in Pixels steps back to a year with check-ins and not past this year', async ({ page }) => {
    await page.goto('/mood');
    const { day } = await localDay(page, 0);
    const lastYear = Number(day.slice(0, 4)) - 1;
    await checkIn(page, `${lastYear}-03-14`, 'Awful', '08:00');
    await page.goto('/insights');
    const pixels = page.getByTestId('insights-pixels');
    await expect(pixels.getByRole('button', { name: 'Next year' })).toBeDisabled();
    await pixels.getByRole('button', { name: 'Previous year' }).click();
    await expect(pixels.getByRole('heading', { name: `Year in Pixels ${lastYear}` })).toBeVisible();
    await expect(pixels).toContainText(
      `1 of ${lastYear % 4 === 0 ? 366 : 365} days in ${lastYear} have a mood`,
    );
    await expect(pixels.getByRole('button', { name: 'Previous year' })).toBeDisabled();
    await pixels.getByRole('link', { name: 'March 14, awful' }).click();
    await expect(page).toHaveURL(new RegExp(`/mood\\?day=${lastYear}-03-14$`));
  });
});
