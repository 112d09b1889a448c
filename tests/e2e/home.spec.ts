import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { ANON_KEY, API_URL, uniqueEmail } from './support/backend.ts';
import { SESSION_STORAGE_KEY, signInBeforeLoad, TEST_PASSWORD } from './support/session.ts';

async function localDay(page: Page, offsetDays = 0, offsetYears = 0): Promise<string> {
  return page.evaluate(
    ([days, years]) => {
      const date = new Date();
      date.setFullYear(date.getFullYear() + years, date.getMonth(), date.getDate() + days);
      return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        date,
      );
    },
    [offsetDays, offsetYears] as const,
  );
}

async function diaryEntryOn(page: Page, day: string, title: string) {
  await page.goto('/diary');
  await page.getByLabel('Or for another day').fill(day);
  await page.getByRole('button', { name: 'Write' }).click();
  await page.getByLabel('Title').fill(title);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
}

/** Signs up with a display name, as onboarding leaves one, and keeps the session for the page. */
async function signInNamed(page: Page, request: APIRequestContext, displayName: string) {
  const email = uniqueEmail('home-named');
  const response = await request.post(`${API_URL}/auth/v1/signup`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email, password: TEST_PASSWORD, data: { display_name: displayName } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session: unknown = await response.json();
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  return email;
}

const GREETING = /^(Good morning|Good afternoon|Good evening|Hello)/;

test('home greets by the name given at onboarding and never by email address', async ({ page, request }) => {
  const email = await signInNamed(page, request, 'Ana');
  await page.goto('/app');
  const greeting = page.getByTestId('home-greeting');
  await expect(greeting).toHaveText(new RegExp(`${GREETING.source}, Ana$`));
  await expect(page.getByText(email)).toHaveCount(0);
});

test('home greets without a name when none is set', async ({ page }) => {
  const session = await signInBeforeLoad(page);
  await page.goto('/app');
  await expect(page.getByTestId('home-greeting')).toHaveText(new RegExp(`${GREETING.source}$`));
  await expect(page.getByText(session.user.email ?? '@')).toHaveCount(0);
});

test.describe('home', () => {
  test.beforeEach(async ({ page }) => {
    await signInBeforeLoad(page);
  });

  test('quick actions open a new diary entry and a mood check-in', async ({ page }) => {
    await page.goto('/app');
    // A new account has neither Premium nor a trial: it is told why it cannot record, and where to go.
    await expect(page.getByText('Recording is part of Premium and the free trial.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Diary entry' }).click();
    // A draft until its first words (ADR 0144).
    await expect(page).toHaveURL(/\/diary\/new\?day=/);
    await expect(page.getByRole('textbox', { name: 'Entry', exact: true })).toBeFocused();
    await page.goto('/app');
    await page.getByRole('link', { name: 'Mood check-in' }).click();
    await expect(page).toHaveURL(/\/mood\/entry$/);
  });

  test('the streak counts back-filled days and On This Day shows last year', async ({ page }) => {
    // The page's clock stays at the test's start: a run that crosses midnight would otherwise save
    // today's check-in on one day and look for it on the next.
    await page.clock.setFixedTime(Date.now());
    await page.goto('/app');
    await expect(page.getByTestId('streak')).toHaveText('0 days');
    await page.goto('/mood/entry');
    await page.getByRole('radio', { name: 'Good' }).check({ force: true });
    await page.getByRole('button', { name: 'Save check-in' }).click();
    // Saved once the form has gone back to the day; leaving earlier would abandon the save in flight.
    await expect(page).toHaveURL(/\/mood$/);
    await page.goto('/app');
    await expect(page.getByTestId('streak')).toHaveText('1 day');

    await diaryEntryOn(page, await localDay(page, -1), 'Filled in later');
    await page.goto('/app');
    await expect(page.getByTestId('streak')).toHaveText('2 days');
    // Yesterday's entry is among the recent ones, below today.
    await expect(
      page.getByRole('region', { name: 'Recent entries' }).getByRole('link', { name: /Filled in later/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: /^Today,/ }).getByRole('img', { name: 'Good' }),
    ).toBeVisible();

    await diaryEntryOn(page, await localDay(page, 0, -1), 'A year before');
    await page.goto('/app');
    const past = page.getByRole('region', { name: 'On this day' });
    await expect(past.getByRole('link', { name: '1 year ago' })).toBeVisible();
    await expect(past.getByRole('link', { name: /A year before/ })).toBeVisible();
  });
});
