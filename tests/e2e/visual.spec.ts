import { randomUUID } from 'node:crypto';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import type { DiaryEntry } from '../../src/db/entities/diary-entry.ts';
import type { MoodEntry } from '../../src/db/entities/mood-entry.ts';
import type { Note } from '../../src/db/entities/note.ts';
import type { Theme } from '../../src/lib/theme/theme.ts';
import { ANON_KEY, API_URL, uniqueEmail } from './support/backend.ts';
import { seedJournal, type Journal } from './support/seed-journal.ts';
import { SESSION_STORAGE_KEY, TEST_PASSWORD, type StoredSession } from './support/session.ts';

/**
 * The main screens as a person sees them, compared with the committed baselines next to this file
 * (ADR 0148). Everything that would change between runs is fixed: the page's clock, the time zone and
 * locale, the account's name and its journal. The clock is fixed with setFixedTime, not install():
 * only Date stands still, so the sync engine's and the live queries' timers still run and the screens
 * fill as they do for a user.
 */
const NOW = new Date('2026-11-18T09:30:00Z');

const at = (instant: string) => new Date(instant).toISOString();

function note(title: string, body: string, createdAt: string, look: Partial<Note> = {}): Note {
  return {
    id: randomUUID(),
    title,
    body,
    font: 'Inter',
    color: '#FFF7D1',
    font_size: 18,
    pinned: false,
    locked: false,
    tags: [],
    created_at: at(createdAt),
    deleted_at: null,
    ...look,
  };
}

function diaryEntry(day: string, title: string, body: string, look: Partial<DiaryEntry> = {}): DiaryEntry {
  return {
    id: randomUUID(),
    day,
    time_zone: 'UTC',
    title,
    body,
    font: 'Lora',
    color: '#F3E8FF',
    font_size: 16,
    created_at: at(`${day}T20:15:00Z`),
    deleted_at: null,
    ...look,
  };
}

function moodEntry(moment: string, level: number, activities: string[], text: string): MoodEntry {
  return {
    id: randomUUID(),
    moment: at(moment),
    time_zone: 'UTC',
    level,
    activities,
    note: text,
    created_at: at(moment),
    deleted_at: null,
  };
}

/**
 * A small journal of a few weeks up to the fixed today, with a diary entry from a year before. The
 * theme is in it because the account's settings row decides the theme once it is pulled; the
 * device's own choice only paints the first frame.
 */
function fixedJournal(theme: Theme): Journal {
  return {
    settings: { preferred_theme: theme },
    notes: [
      note(
        'Groceries for Sunday',
        'Oats, pears, dark chocolate, red lentils and fresh basil.',
        '2026-11-17T18:00:00Z',
        {
          pinned: true,
          tags: ['home'],
        },
      ),
      note('Book ideas', 'A lighthouse keeper who writes letters to the sea.', '2026-11-15T21:10:00Z', {
        color: '#E0F2FE',
        tags: ['writing'],
      }),
      note(
        'Call the plumber',
        'The kitchen tap drips again. Ask about Thursday morning.',
        '2026-11-10T08:05:00Z',
        {
          color: '#DCFCE7',
        },
      ),
    ],
    diaryEntries: [
      diaryEntry('2026-11-18', 'A slow morning', 'Tea by the window while the fog lifted off the river.'),
      diaryEntry('2026-11-17', 'Rain over the river', 'Walked home the long way and did not mind the rain.'),
      diaryEntry('2026-11-15', 'Market day', 'Bought pears and talked with the baker about sourdough.'),
      diaryEntry('2026-11-12', 'First frost', 'The garden was white and silent at seven.'),
      diaryEntry('2025-11-18', 'A year ago today', 'Moved into the flat by the river.'),
    ],
    moodEntries: [
      moodEntry('2026-11-18T08:10:00Z', 4, ['walk', 'reading'], 'Slept well.'),
      moodEntry('2026-11-17T19:40:00Z', 3, ['work'], 'A long day.'),
      moodEntry('2026-11-16T12:00:00Z', 5, ['friends'], 'Lunch with Jo.'),
      moodEntry('2026-11-15T10:30:00Z', 4, ['walk'], ''),
      moodEntry('2026-11-13T21:00:00Z', 2, ['work'], 'Tired.'),
      moodEntry('2026-11-11T09:00:00Z', 3, ['reading'], ''),
    ],
  };
}

/** Signs up an account named Ana, stores its session for the page and writes the journal to it. */
async function signInWithJournal(page: Page, request: APIRequestContext, journal: Journal) {
  const response = await request.post(`${API_URL}/auth/v1/signup`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email: uniqueEmail('visual'), password: TEST_PASSWORD, data: { display_name: 'Ana' } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as StoredSession;
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await seedJournal(request, session, journal, NOW.getTime());
}

interface Screen {
  name: string;
  /** Opens the screen and waits until it shows its heading and the journal's entries. */
  open: (page: Page) => Promise<void>;
}

/**
 * Each test is a new device, so its first screen waits for the first pull of the journal; on a busy
 * two-core machine that takes longer than the suite's usual wait for an element.
 */
const afterFirstPull = expect.configure({ timeout: 30_000 });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const screens: Screen[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/app');
      await expect(page.getByTestId('home-greeting')).toHaveText('Good morning, Ana');
      await afterFirstPull(page.getByRole('link', { name: /Rain over the river/ })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'On this day' }).getByRole('link', { name: /A year ago today/ }),
      ).toBeVisible();
    },
  },
  {
    name: 'notes',
    open: async (page) => {
      await page.goto('/notes');
      await expect(heading(page, 'Notes')).toBeVisible();
      for (const title of ['Groceries for Sunday', 'Book ideas', 'Call the plumber']) {
        await afterFirstPull(page.getByText(title).first()).toBeVisible();
      }
    },
  },
  {
    name: 'note',
    // Opened from the list, as a person does: a link followed before the first pull has landed finds
    // no note on this device yet.
    open: async (page) => {
      await page.goto('/notes');
      await page.getByRole('link', { name: /Groceries for Sunday/ }).click();
      await expect(page.getByLabel('Title')).toHaveValue('Groceries for Sunday');
      await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(/^Oats, pears/);
    },
  },
  {
    name: 'diary',
    open: async (page) => {
      await page.goto('/diary');
      await expect(heading(page, 'Diary')).toBeVisible();
      for (const title of ['A slow morning', 'Rain over the river', 'Market day']) {
        await afterFirstPull(page.getByText(title).first()).toBeVisible();
      }
    },
  },
  {
    name: 'mood',
    open: async (page) => {
      await page.goto('/mood');
      await expect(heading(page, /Mood/)).toBeVisible();
      await afterFirstPull(page.getByText('Slept well.')).toBeVisible();
    },
  },
  {
    name: 'check-in',
    // Opened from the day's check-in, once it has been pulled, for the same reason as the note.
    open: async (page) => {
      await page.goto('/mood');
      await afterFirstPull(page.getByText('Slept well.')).toBeVisible();
      await page.getByRole('link', { name: /^Edit/ }).click();
      await expect(page.getByRole('radio', { name: 'Good' })).toBeChecked();
      await expect(page.getByLabel('Note')).toHaveValue('Slept well.');
    },
  },
  {
    name: 'calendar',
    open: async (page) => {
      await page.goto('/calendar');
      await expect(page.getByText('November 2026')).toBeVisible();
      await afterFirstPull(page.locator('td[data-day="2026-11-16"]')).toHaveAccessibleName(/mood/);
      await expect(page.locator('td[data-day="2026-11-10"]')).toHaveAccessibleName(/note/);
    },
  },
  {
    name: 'insights',
    open: async (page) => {
      await page.goto('/insights');
      await expect(heading(page, 'Insights')).toBeVisible();
      await afterFirstPull(page.getByText(/^Your average mood was 3.5 out of 5/)).toBeVisible();
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await page.goto('/settings');
      await expect(heading(page, 'Settings')).toBeVisible();
    },
  },
];

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

// No service worker: its install and update offers are not part of a screen, and could appear mid-shot.
test.use({ timezoneId: 'UTC', locale: 'en-US', serviceWorkers: 'block' });

/**
 * One device per width and theme, which opens every screen in turn: a sign-up, a seeded journal and a
 * first pull cost more than a screen, and a person moves between screens the same way. A screen that
 * differs from its baseline is reported without stopping the others.
 */
for (const theme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`${viewport.width} px, ${theme}: every screen looks as in its baseline`, async ({
      page,
      request,
    }) => {
      test.slow();
      const journal = fixedJournal(theme);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.clock.setFixedTime(NOW);
      await page.addInitScript((value) => localStorage.setItem('murmur-theme', value), theme);
      await signInWithJournal(page, request, journal);
      for (const screen of screens) {
        await test.step(screen.name, async () => {
          await screen.open(page);
          // Settled: the journal pulled and nothing waiting to sync, so the indicator shows its still icon.
          await expect(page.locator('aside[data-state]')).toHaveAttribute('data-state', 'up_to_date');
          await expect
            .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
            .toBe(theme === 'dark');
          await page.evaluate(() => document.fonts.ready);
          await expect.soft(page).toHaveScreenshot(`${screen.name}-${viewport.width}-${theme}.png`);
        });
      }
    });
  }
}
