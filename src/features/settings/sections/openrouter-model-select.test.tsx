import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getDefaultStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../../../db/commands/create-commands.ts';
import type { UserSettingsPatch } from '../../../db/entities/user-settings.ts';
import { openUserDatabase } from '../../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { createI18n } from '../../../lib/i18n/i18n.ts';
import { createTestIds } from '../../../testing/sync/test-ids.ts';
import { dexieSettingsSource } from '../dexie-settings-source.ts';
import { SettingsContext } from '../settings-context.ts';
import { SettingsStore } from '../settings-store.ts';
import { CustomModelsEditor } from './custom-models-editor.tsx';
import { OpenRouterModelSelect } from './openrouter-model-select.tsx';

// Dexie's live queries run only where it found an indexedDB when it loaded; each test still opens its
// own fake-indexeddb factory below, so tests never share data.
Dexie.dependencies.indexedDB ??= new IDBFactory();
Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;

const USER = '0000aaaa-0000-7000-8000-000000000001';
const VOXTRAL = 'mistralai/voxtral-small-24b-2507';
const GEMINI = 'google/gemini-2.5-pro';

describe('choosing the OpenRouter model in Settings → Transcription', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let stopWatching = () => {};

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, {
      clock: { now: () => Date.UTC(2026, 10, 22, 8), timeZone: () => 'Europe/Berlin' },
      ids: createTestIds(3),
    });
  });

  afterEach(() => {
    stopWatching();
    db.close();
  });

  /**
   * The OpenRouter model select and the custom-models editor below it, as Settings → Transcription shows
   * them, over the user's real settings row. (Not the whole section: its on-device model panel loads
   * the speech model's runtime, which has nothing to do with this choice.)
   */
  async function renderSettings(stored: UserSettingsPatch) {
    await commands.updateSettings(stored);
    const store = new SettingsStore({
      userId: USER,
      source: dexieSettingsSource(db, commands, () => Promise.resolve()),
      now: () => Date.now(),
      notify: () => undefined,
      logError: (message, error) => console.error(message, error),
      messages: {
        updated: 'updated',
        failed: (message) => message,
        rejected: 'rejected',
        unknownError: 'unknown',
        signInRequired: 'sign in',
        fontRequired: 'font',
      },
      // Rendered without a Jotai Provider: the components read the default store.
      stateStore: getDefaultStore(),
    });
    await store.load();
    stopWatching = store.watch();
    render(
      <I18nextProvider i18n={await createI18n()}>
        <SettingsContext.Provider value={store}>
          <OpenRouterModelSelect />
          <CustomModelsEditor />
        </SettingsContext.Provider>
      </I18nextProvider>,
    );
    return screen.getByRole('combobox', { name: 'Preferred OpenRouter model' });
  }

  const storedRow = () => db.user_settings.get(USER);
  const choices = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((option) => [(option as HTMLOptionElement).value, option.textContent]);

  it('offers OpenRouter’s automatic routing and each of the user’s own models, and saves the one chosen', async () => {
    const select = await renderSettings({ custom_models_array: [VOXTRAL, GEMINI] });
    expect(choices(select)).toEqual([
      ['openrouter/auto', 'Automatic (openrouter/auto)'],
      [VOXTRAL, VOXTRAL],
      [GEMINI, GEMINI],
    ]);
    expect(select).toHaveProperty('value', 'openrouter/auto');
    const hint = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Add model ids under “Your own models” to choose them here.');

    await userEvent.selectOptions(select, VOXTRAL);
    await waitFor(async () => expect((await storedRow())?.preferred_model).toBe(VOXTRAL));
    expect(select).toHaveProperty('value', VOXTRAL);
  });

  it('a model added under “Your own models” can be chosen right away', async () => {
    const select = await renderSettings({});
    expect(choices(select)).toEqual([['openrouter/auto', 'Automatic (openrouter/auto)']]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Model id' }), `  ${GEMINI} `);
    await userEvent.click(screen.getByRole('button', { name: 'Add model' }));
    await waitFor(() => expect(choices(select)).toContainEqual([GEMINI, GEMINI]));
    expect((await storedRow())?.preferred_model).toBe('openrouter/auto');

    await userEvent.selectOptions(select, GEMINI);
    await waitFor(async () => expect((await storedRow())?.preferred_model).toBe(GEMINI));
  });

  it('removing the chosen model from the list keeps it in use and shown until another is chosen', async () => {
    const select = await renderSettings({ custom_models_array: [VOXTRAL, GEMINI], preferred_model: GEMINI });
    expect(select).toHaveProperty('value', GEMINI);

    await userEvent.click(screen.getByRole('button', { name: `Remove ${GEMINI}` }));
    await waitFor(async () => expect((await storedRow())?.custom_models_array).toEqual([VOXTRAL]));
    expect((await storedRow())?.preferred_model).toBe(GEMINI);
    expect(select).toHaveProperty('value', GEMINI);

    await userEvent.selectOptions(select, 'openrouter/auto');
    await waitFor(async () => expect((await storedRow())?.preferred_model).toBe('openrouter/auto'));
    expect(choices(select)).toEqual([
      ['openrouter/auto', 'Automatic (openrouter/auto)'],
      [VOXTRAL, VOXTRAL],
    ]);
  });
});
