import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { openTestNotesData, renderAt } from '../notes/notes-test-harness.tsx';
import { SettingsContext } from '../settings/settings-context.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { DiaryEditor } from './diary-editor.tsx';

const messages = {
  updated: '',
  failed: () => '',
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
    await data.db.conflicts.put({
      id: 'c1',
      table_name: 'diary_entries',
      row_id: id,
      field: 'body',
      kind: 'lww_lost',
      losing_value: 'written on the train, offline',
      losing_hlc: '',
      winning_hlc: '',
      reason: 'concurrent write',
      created_at: new Date(data.clock.now()).toISOString(),
      resolved_at: null,
      _sync: { version: 0, hlc: {} },
    });
    const settings = new SettingsStore({
      userId: null,
      source: null,
      now: data.clock.now,
      notify: () => undefined,
      logError: () => undefined,
      messages,
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
});
