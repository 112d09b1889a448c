import { render, type RenderResult } from '@testing-library/react';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

import { createCommands, type Commands } from '../../db/commands/create-commands.ts';
import { defaultUserSettings } from '../../db/entities/default-user-settings.ts';
import type { UserSettings } from '../../db/entities/user-settings.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { SettingsContext } from '../../features/settings/settings-context.ts';
import { SettingsStore } from '../../features/settings/settings-store.ts';
import { createRecorderHandle } from '../../features/voice/recorder/create-recorder-handle.ts';
import { RecorderContext, type RecorderHandle } from '../../features/voice/recorder/recorder-context.ts';
import { RecorderController } from '../../features/voice/recorder/recorder-controller.ts';
import { createI18n } from '../../lib/i18n/i18n.ts';
import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { createTestIds } from '../sync/test-ids.ts';
import { FakeMicrophone } from './fake-microphone.ts';

// Dexie's live queries (the dock's transcription status) run only where it found an indexedDB when it
// loaded; each bed still opens its own fake-indexeddb factory, so tests never share data.
Dexie.dependencies.indexedDB ??= new IDBFactory();
Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;

const USER = '0000aaaa-0000-7000-8000-0000000000d1';

export interface RecorderTestBed {
  db: MurmurDatabase;
  /** Where `db` lives: a later bed opened on it is the next start of the app on the same device. */
  indexedDB: IDBFactory;
  commands: Commands;
  mic: FakeMicrophone;
  controller: RecorderController;
  handle: RecorderHandle;
  errors: string[];
  /** Renders `ui` as the app would: real translations (en-US), the user's data, settings and recorder. */
  render(ui: ReactNode): Promise<RenderResult>;
}

/**
 * A signed-in user's recorder for component tests: the real controller, commands and database (on
 * fake-indexeddb), with only the browser's microphone and MediaRecorder faked. `commands` may slow
 * some of them down, so a test can see a passing state such as saving. `indexedDB` reopens an earlier
 * bed's database, as a reloaded page would.
 */
export async function openRecorderTestBed({
  settings: changed = {},
  allowed = true,
  commands: wrap = (commands) => commands,
  indexedDB = new IDBFactory(),
}: {
  settings?: Partial<UserSettings>;
  allowed?: boolean;
  commands?: (commands: Commands) => Commands;
  indexedDB?: IDBFactory;
} = {}): Promise<RecorderTestBed> {
  const mic = new FakeMicrophone();
  const db = await openUserDatabase(USER, { indexedDB, IDBKeyRange });
  const commands = createCommands(db, {
    clock: { now: () => mic.now, timeZone: () => 'Europe/Berlin' },
    ids: createTestIds(9),
  });
  const errors: string[] = [];
  // The app's store stands in the Provider above the recorder; each bed has its own.
  const store = createStore();
  const controller = new RecorderController(
    mic.ports(wrap(commands)),
    (message) => errors.push(message),
    store,
  );
  const settings = { ...defaultUserSettings(USER), ...changed };
  const handle = createRecorderHandle(controller, allowed, settings);
  const settingsStore = new SettingsStore({
    userId: null,
    source: null,
    now: () => mic.now,
    notify: () => undefined,
    logError: (message) => errors.push(message),
    messages: {
      updated: 'updated',
      failed: (message) => message,
      rejected: 'rejected',
      unknownError: 'unknown',
      signInRequired: 'sign in',
      fontRequired: 'font',
    },
    stateStore: store,
  });
  return {
    db,
    indexedDB,
    commands,
    mic,
    controller,
    handle,
    errors,
    async render(ui) {
      const i18n = await createI18n();
      return render(
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            <MemoryRouter>
              <UserDataContext.Provider value={{ userId: USER, db, commands }}>
                <SettingsContext.Provider value={settingsStore}>
                  <RecorderContext.Provider value={handle}>{ui}</RecorderContext.Provider>
                </SettingsContext.Provider>
              </UserDataContext.Provider>
            </MemoryRouter>
          </I18nextProvider>
        </Provider>,
      );
    },
  };
}
