import { render } from '@testing-library/react';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { createCommands } from '../db/commands/create-commands.ts';
import { openUserDatabase } from '../db/open-user-database.ts';
import { createI18n, type Language } from '../lib/i18n/i18n.ts';
import { createTestIds } from './sync/test-ids.ts';
import { dexieSettingsSource } from '../features/settings/dexie-settings-source.ts';
import { SettingsStore } from '../features/settings/settings-store.ts';
import type { NotesData } from '../features/notes/notes-data.ts';

// Dexie's live queries run only where it found an indexedDB when it loaded; each test still opens its
// own fake-indexeddb factory below, so tests never share data.
Dexie.dependencies.indexedDB ??= new IDBFactory();
Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;

export const TEST_USER = '0000aaaa-0000-7000-8000-000000000001';

/** A user's real Dexie database on fake-indexeddb, with real commands and a clock the test moves. */
export async function openTestNotesData(): Promise<
  NotesData & { clock: { now: () => number; advance: (ms: number) => void } }
> {
  let now = Date.UTC(2026, 10, 22, 8, 0, 0);
  const clock = { now: () => now, timeZone: () => 'Europe/Berlin', advance: (ms: number) => (now += ms) };
  const db = await openUserDatabase(TEST_USER, { indexedDB: new IDBFactory(), IDBKeyRange });
  return { userId: TEST_USER, db, commands: createCommands(db, { clock, ids: createTestIds(7) }), clock };
}

/** Renders notes screens with real translations (en-US unless `language`) inside a router at `path`. */
export async function renderAt(
  path: string,
  routes: { path: string; element: ReactNode }[],
  { language }: { language?: Language } = {},
) {
  const i18n = await createI18n(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/**
 * The settings screens read (useSettings), loaded from and following the test user's own row, so a
 * test changes a setting the way the app does: with the settings command.
 */
export async function openTestSettings(data: NotesData & { clock: { now: () => number } }) {
  const store = new SettingsStore({
    userId: data.userId,
    source: dexieSettingsSource(data.db, data.commands, async () => undefined),
    now: data.clock.now,
    notify: () => undefined,
    logError: () => undefined,
    messages: {
      updated: '',
      failed: () => '',
      rejected: '',
      unknownError: '',
      signInRequired: '',
      fontRequired: '',
    },
    // The store components read from when no Jotai Provider is above them, as in these tests.
    stateStore: getDefaultStore(),
  });
  await store.load();
  onTestFinished(store.watch());
  return store;
}
