// liveQuery looks for a global indexedDB before it runs a query (Dexie issue 2046).
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createStore, type Store } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../../db/commands/create-commands.ts';
import { defaultUserSettings } from '../../db/entities/user-settings.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { dexieSettingsSource } from './dexie-settings-source.ts';
import { settingsMessages } from './settings-messages.ts';
import { SETTINGS_CACHE_MS, SettingsStore, type SettingsSource } from './settings-store.ts';

const USER = '0000aaaa-0000-7000-8000-000000000001';
const messages = {
  updated: 'Settings updated successfully',
  failed: (message: string) => `Failed to update settings: ${message}`,
  rejected: 'The server did not accept a change to your settings.',
  unknownError: 'An unknown error occurred.',
  signInRequired: 'You must be logged in to save settings.',
  fontRequired: 'A font name must be a non-empty string.',
};

describe('SettingsStore over the user database', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let now: number;
  let toasts: string[];
  let errors: string[];
  let refreshes: number;
  let reads: number;
  let stateStore: Store;

  function storeFor(userId: string | null = USER) {
    const source = dexieSettingsSource(db, commands, async () => {
      refreshes += 1;
    });
    const counted: SettingsSource = {
      ...source,
      read: () => {
        reads += 1;
        return source.read();
      },
    };
    return new SettingsStore({
      userId,
      source: userId ? counted : null,
      now: () => now,
      notify: (kind, title) => toasts.push(`${kind}: ${title}`),
      logError: (message) => errors.push(message),
      messages,
      stateStore,
    });
  }

  beforeEach(async () => {
    now = Date.UTC(2026, 10, 22, 8, 0, 0);
    toasts = [];
    errors = [];
    refreshes = 0;
    reads = 0;
    stateStore = createStore();
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, {
      clock: { now: () => now, timeZone: () => 'Europe/Berlin' },
      ids: createTestIds(1),
    });
  });

  afterEach(() => db.close());

  it('gives a new user every default of the spec and moves from not initialised through loading to initialised', async () => {
    const store = storeFor();
    const states = [store.snapshot.state];
    stateStore.sub(store.snapshotAtom, () => states.push(store.snapshot.state));
    const settings = await store.load();
    expect(settings).toEqual(defaultUserSettings(USER));
    expect(states).toEqual(['not_initialised', 'loading', 'initialised']);
    expect(store.snapshot.stored).toBe(false);
  });

  it('a change made while the settings are still loading is not undone by the load', async () => {
    const source = dexieSettingsSource(db, commands, async () => undefined);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstRead = true;
    const slow: SettingsSource = {
      ...source,
      // The first read sees the row as it was, and answers only after the user's change was written.
      read: async () => {
        const row = await source.read();
        if (firstRead) {
          firstRead = false;
          await gate;
        }
        return row;
      },
    };
    const store = new SettingsStore({
      userId: USER,
      source: slow,
      now: () => now,
      notify: (kind, title) => toasts.push(`${kind}: ${title}`),
      logError: (message) => errors.push(message),
      messages,
      stateStore,
    });
    const loading = store.load();
    const shown: string[] = [];
    stateStore.sub(store.snapshotAtom, () => shown.push(store.snapshot.settings.preferred_theme));
    const saving = store.update({ preferred_theme: 'dark' });
    expect(store.snapshot.settings.preferred_theme).toBe('dark');
    release();
    await saving;
    await loading;
    expect(store.snapshot.settings.preferred_theme).toBe('dark');
    // Never shown the old value again on the way.
    expect(shown.every((theme) => theme === 'dark')).toBe(true);
  });

  it('reuses the loaded settings for 5 minutes and reads again after, or at once when forced', async () => {
    const store = storeFor();
    await store.load();
    now += SETTINGS_CACHE_MS - 1;
    await store.load();
    expect(reads).toBe(1);
    await store.load({ force: true });
    expect(reads).toBe(2);
    expect(refreshes).toBe(1);
    now += SETTINGS_CACHE_MS;
    await store.load();
    expect(reads).toBe(3);
    expect(refreshes).toBe(1);
  });

  it('applies a change at once, stores it with its outbox row and says so', async () => {
    const store = storeFor();
    await store.load();
    const saving = store.update({ default_note_font: 'Lora', preferred_theme: 'dark' });
    expect(store.snapshot.settings.default_note_font).toBe('Lora');
    expect(await saving).toBe(true);
    expect(await db.user_settings.get(USER)).toMatchObject({
      default_note_font: 'Lora',
      preferred_theme: 'dark',
    });
    expect((await db.outbox.toArray()).map((row) => row.patch)).toEqual([
      { default_note_font: 'Lora', preferred_theme: 'dark' },
    ]);
    expect(toasts).toEqual(['success: Settings updated successfully']);
  });

  it('reverts a change whose save fails and shows the failure with its message', async () => {
    const store = storeFor();
    await store.load();
    db.close();
    expect(await store.update({ default_note_color: '#112233' })).toBe(false);
    expect(store.snapshot.settings.default_note_color).toBe('#FFF7D1');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatch(/^error: Failed to update settings: .+/);
    expect(errors).toEqual(['Saving settings failed']);
  });

  it('stays quiet about a silent change but still reverts it on failure', async () => {
    const store = storeFor();
    await store.load();
    expect(await store.update({ mood_section_expanded: false }, { silent: true })).toBe(true);
    db.close();
    expect(await store.update({ mood_section_expanded: true }, { silent: true })).toBe(false);
    expect(store.snapshot.settings.mood_section_expanded).toBe(false);
    expect(toasts).toEqual([]);
  });

  it('refuses to save without a signed-in user', async () => {
    const store = storeFor(null);
    expect(await store.update({ auto_save: false })).toBe(false);
    expect(toasts).toEqual(['error: Failed to update settings: You must be logged in to save settings.']);
  });

  it('refuses an empty font name and keeps the old one', async () => {
    const store = storeFor();
    await store.load();
    expect(await store.update({ default_mood_font: '  ' })).toBe(false);
    expect(store.snapshot.settings.default_mood_font).toBe('Architects Daughter');
    expect(toasts).toEqual(['error: Failed to update settings: A font name must be a non-empty string.']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('uses the defaults and logs when the stored row cannot be read', async () => {
    const store = new SettingsStore({
      userId: USER,
      source: {
        read: () => Promise.reject(new Error('disk on fire')),
        watch: () => () => undefined,
        validate: () => Promise.resolve(null),
        write: () => Promise.resolve(),
        refresh: () => Promise.resolve(),
      },
      now: () => now,
      notify: (kind, title) => toasts.push(`${kind}: ${title}`),
      logError: (message) => errors.push(message),
      messages,
      stateStore,
    });
    expect(await store.load()).toEqual(defaultUserSettings(USER));
    expect(errors).toEqual(['Reading settings failed; using the defaults']);
    expect(toasts).toEqual([]);
  });

  it('follows a change of the stored row made elsewhere (a pull or another tab)', async () => {
    const store = storeFor();
    await store.load();
    const stop = store.watch();
    const other = storeFor();
    await other.update({ bitrate: '256kbps' }, { silent: true });
    await expect.poll(() => store.snapshot.settings.bitrate).toBe('256kbps');
    expect(store.snapshot.stored).toBe(true);
    stop();
  });

  it('tells the user in German when the server refused a change, and logs its technical reason', async () => {
    const german = await createI18n('de-DE');
    const store = new SettingsStore({
      userId: USER,
      source: dexieSettingsSource(db, commands, () => Promise.resolve()),
      now: () => now,
      notify: (kind, title) => toasts.push(`${kind}: ${title}`),
      logError: (message, error) => errors.push(`${message}: ${String(error)}`),
      messages: settingsMessages(german.t),
      stateStore,
    });
    store.reportRejected('invalid values');
    expect(toasts).toEqual([
      'error: Der Server hat eine Änderung deiner Einstellungen nicht angenommen. Sie zeigen wieder, was er gespeichert hat.',
    ]);
    expect(errors).toEqual(['The server refused a settings change: invalid values']);
  });
});
