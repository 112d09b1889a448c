import { readFileSync } from 'node:fs';

import { expect, test, type Page } from '@playwright/test';

import { SETTINGS_SECTIONS } from '../../src/app/routes/settings-sections.ts';

import { signInBeforeLoad } from './support/session.ts';
import { fakeMicrophone, startTrial } from './support/voice.ts';

type Strings = { [key: string]: string | Strings };

function flatten(strings: Strings, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    if (typeof value === 'string') flat.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

function strings(file: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Strings);
}

/**
 * English phrases a German screen must never show: the English texts that German translates
 * differently, cut at their placeholders. Short fragments and single words are left out, since they
 * may be names or the same in both languages.
 */
function englishPhrases(): string[] {
  const phrases = new Set<string>();
  for (const bundle of ['locales/en-US.json', 'locales/screens/en-US.json']) {
    const english = strings(`../../src/lib/i18n/${bundle}`);
    const german = strings(`../../src/lib/i18n/${bundle.replace('en-US', 'de-DE')}`);
    for (const [key, text] of english) {
      if (german.get(key) === text) continue;
      for (const fragment of text.split(/\{\{[^}]+\}\}|<\/?\d+>|\$t\([^)]*\)/)) {
        const phrase = fragment.trim();
        if (phrase.length >= 12 && /\s/.test(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

/** What the page shows and announces: its text, and the names and hints in its attributes. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap(
      (element) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
}

const ENGLISH = englishPhrases();

test.use(fakeMicrophone());

test('German screens show no English', async ({ page }) => {
  test.setTimeout(180_000);
  expect(ENGLISH.length).toBeGreaterThan(200);
  await signInBeforeLoad(page);
  await page.addInitScript(() => localStorage.setItem('murmur-language', 'de-DE'));

  await page.goto('/mood/entry');
  await page.getByRole('radio', { name: 'Großartig' }).check({ force: true });
  await page.getByRole('button', { name: 'Eintrag speichern' }).click();
  const checkInLink = page.locator('a[href*="/mood/entry/"][href*="id="]').first();
  await expect(checkInLink).toBeVisible();
  const checkIn = (await checkInLink.getAttribute('href')) ?? '';

  await page.goto('/diary');
  await page.getByRole('button', { name: 'Neuer Eintrag für heute' }).click();
  // A draft until its first words (ADR 0144): typing creates the entry and gives it its address.
  await page.getByLabel('Titel').fill('Spaziergang am Hafen');
  await expect(page).toHaveURL(/\/diary\/[0-9a-f-]{36}$/);
  const diaryEntry = page.url();

  await page.goto('/notes');
  await page.getByRole('button', { name: 'Neue Notiz' }).click();
  await expect(page.getByRole('textbox', { name: 'Titel' })).toBeFocused();
  await page.keyboard.type('Einkaufsliste');
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]+$/);
  const note = page.url();

  const paths = [
    '/app',
    '/notes',
    note,
    '/notes/trash',
    '/diary',
    diaryEntry,
    '/mood',
    checkIn,
    '/mood/entry',
    '/calendar',
    '/insights',
    '/profile',
    '/subscription',
    '/support',
    '/settings',
    ...SETTINGS_SECTIONS.map((section) => `/settings/${section}`),
  ];
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const text = await shownText(page);
    for (const phrase of ENGLISH)
      if (text.includes(phrase)) found.push(`${new URL(page.url()).pathname}: ${phrase}`);
  }
  expect(found).toEqual([]);
  // The toasts' region is named by Murmur, not by the toast library's English default.
  await expect(page.getByRole('region', { name: 'Benachrichtigungen (Alt+T)' })).toHaveCount(1);
});

test('a recording the server cannot transcribe says why in German', async ({ page }) => {
  test.setTimeout(120_000);
  await startTrial(page);
  // The e2e backend has no ElevenLabs key: its transcribe function answers "not set up" (in English).
  await page.goto('/settings/transcription');
  await page.getByRole('combobox', { name: 'Transcription service' }).selectOption('elevenlabs');
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('murmur-language', 'de-DE'));
  await page.goto('/app');
  const recorder = page.getByRole('region', { name: 'Rekorder' });
  await page.getByRole('button', { name: 'Aufnehmen' }).click();
  await expect(recorder.getByRole('timer')).toHaveText(/0:0[2-9]/, { timeout: 10_000 });
  await recorder.getByRole('button', { name: 'Stopp' }).click();
  await recorder.getByRole('button', { name: 'Behalten' }).click();
  await expect(
    page.getByText('Die Transkription ist auf diesem Server noch nicht eingerichtet.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  expect(await shownText(page)).not.toContain('Transcription is not set up on this server yet.');
});
