import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { lostVersion } from '../../testing/conflicts/lost-version.ts';
import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import type { Language } from '../../lib/i18n/i18n.ts';
import { installFakeSpeechSynthesis } from '../../testing/speech/install-fake-speech-synthesis.ts';
import { openTestNotesData, openTestSettings, renderAt } from '../../testing/notes-test-harness.tsx';
import { SettingsContext } from '../settings/index.ts';
import { SettingsStore } from '../settings/index.ts';
import { DiaryEditor } from './diary-editor.tsx';

const messages = {
  updated: '',
  failed: () => '',
  rejected: '',
  unknownError: '',
  signInRequired: '',
  fontRequired: '',
};

describe('diary editor', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;

  beforeEach(async () => {
    data = await openTestNotesData();
  });
  afterEach(() => data.db.close());

  it('shows a version sync did not keep on the entry, and a restore puts it in the editor', async () => {
    const id = await data.commands.createDiaryEntry({
      day: '2026-11-21',
      title: 'Lake',
      body: 'kept by sync',
    });
    await data.db.conflicts.put(
      lostVersion(
        {
          id: 'c1',
          table_name: 'diary_entries',
          row_id: id,
          field: 'body',
          losing_value: 'written on the train, offline',
        },
        data.clock.now(),
      ),
    );
    const settings = new SettingsStore({
      userId: null,
      source: null,
      now: data.clock.now,
      notify: () => undefined,
      logError: () => undefined,
      messages,
      // Rendered without a Jotai Provider: the components read the default store.
      stateStore: getDefaultStore(),
    });
    await renderAt(`/diary/${id}`, [
      {
        path: '/diary/:id',
        element: (
          <UserDataContext.Provider value={data}>
            <SettingsContext.Provider value={settings}>
              <DiaryEditor id={id} />
            </SettingsContext.Provider>
          </UserDataContext.Provider>
        ),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Another version' })).toBeTruthy();
    expect(screen.getByText('Sync kept a newer Entry. This is the other version:')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await waitFor(async () =>
      expect((await data.db.diary_entries.get(id))?.body).toBe('written on the train, offline'),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Another version' })).toBeNull());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Entry' }).value).toBe(
      'written on the train, offline',
    );
  });

  const open = async (id: string, language?: Language) => {
    const settings = await openTestSettings(data);
    return renderAt(
      `/diary/${id}`,
      [
        {
          path: '/diary/:id',
          element: (
            <UserDataContext.Provider value={data}>
              <SettingsContext.Provider value={settings}>
                <DiaryEditor id={id} />
              </SettingsContext.Provider>
            </UserDataContext.Provider>
          ),
        },
        { path: '/mood', element: <p>the day</p> },
      ],
      { language },
    );
  };

  describe('while another device edits the entry', () => {
    it('[R37][R38] shows a change stored elsewhere when idle, and merges one that lands while typing', async () => {
      const id = await data.commands.createDiaryEntry({ day: '2026-11-21', body: 'Rain. Soup.' });
      await open(id);
      const body = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Entry' });
      await data.commands.updateDiaryEntry(id, { body: 'Cold rain. Soup.' });
      await waitFor(() => expect(body.value).toBe('Cold rain. Soup.'));

      await userEvent.type(body, ' Early night.');
      await data.commands.updateDiaryEntry(id, { body: 'Cold rain. Soup with Ana.' });
      expect(body.value).toBe('Cold rain. Soup. Early night.');
      await waitFor(async () =>
        expect((await data.db.diary_entries.get(id))?.body).toBe('Cold rain. Soup with Ana. Early night.'),
      );
      await waitFor(() => expect(body.value).toBe('Cold rain. Soup with Ana. Early night.'));
      expect(screen.getByRole('status').textContent).toContain('Also changed elsewhere');
    });

    it('[R39] keeps words typed as the entry was deleted elsewhere, and says so in the trash', async () => {
      const id = await data.commands.createDiaryEntry({ day: '2026-11-21', body: 'Train' });
      await open(id);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Entry' }), ' home');
      await data.commands.deleteDiaryEntry(id);
      await screen.findByText(
        'Words typed after this was deleted are kept here. Restore it to keep writing.',
      );
      expect(await data.db.diary_entries.get(id)).toMatchObject({
        body: 'Train home',
        deleted_at: expect.any(String),
      });
    });
  });

  describe('read-aloud', () => {
    it('reads the entry as it stands in the user’s language, and a second press stops', async () => {
      const speech = installFakeSpeechSynthesis();
      const id = await data.commands.createDiaryEntry({ day: '2026-11-21', title: 'See', body: 'Kalt' });
      await open(id, 'de-DE');
      const body = await screen.findByRole('textbox', { name: 'Eintrag' });
      await userEvent.type(body, ' und klar');
      await userEvent.click(screen.getByRole('button', { name: 'Vorlesen', pressed: false }));
      expect(speech.spoken.map(({ text, lang }) => ({ text, lang }))).toEqual([
        { text: 'See. Kalt und klar', lang: 'de-DE' },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Vorlesen beenden', pressed: true }));
      expect(speech.current).toBeNull();
    });

    it('reads an untitled entry without a stray full stop, and offers nothing for an empty one', async () => {
      const speech = installFakeSpeechSynthesis();
      const id = await data.commands.createDiaryEntry({ day: '2026-11-21', title: '', body: '' });
      await open(id);
      const body = await screen.findByRole('textbox', { name: 'Entry' });
      expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
      await userEvent.type(body, 'Cold and clear');
      await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
      expect(speech.current?.text).toBe('Cold and clear');
    });

    it('is not offered while the read-aloud setting is off', async () => {
      installFakeSpeechSynthesis();
      await data.commands.updateSettings({ enable_text_to_speech: false });
      const id = await data.commands.createDiaryEntry({ day: '2026-11-21', title: 'Lake', body: 'Cold' });
      await open(id);
      expect(await screen.findByRole('textbox', { name: 'Entry' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
    });

    it('stops reading when the user goes back to the day', async () => {
      const speech = installFakeSpeechSynthesis();
      const id = await data.commands.createDiaryEntry({ day: '2026-11-21', title: 'Lake', body: 'Cold' });
      await open(id);
      await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
      expect(speech.current?.text).toBe('Lake. Cold');
      await userEvent.click(screen.getByRole('link', { name: 'Back to the day' }));
      expect(await screen.findByText('the day')).toBeTruthy();
      expect(speech.current).toBeNull();
    });
  });

  it('[R43] deletes a deleted entry forever once confirmed, and its page then says it does not exist', async () => {
    const id = await data.commands.createDiaryEntry({ day: '2026-11-21', title: 'Lake', body: 'Ana swam' });
    await data.commands.deleteDiaryEntry(id);
    await open(id);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete forever' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Lake” forever?' });
    expect((await data.db.diary_entries.get(id))?.body).toBe('Ana swam');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('the day')).toBeTruthy();
    expect(await data.db.diary_entries.get(id)).toMatchObject({ title: '', body: '' });
  });
});
