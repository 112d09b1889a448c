import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { openTestNotesData, renderAt } from '../notes/notes-test-harness.tsx';
import { SettingsContext } from '../settings/settings-context.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { MoodCheckIn } from './mood-check-in.tsx';

const messages = { updated: '', failed: () => '', unknownError: '', signInRequired: '', fontRequired: '' };

describe('mood check-in', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  beforeEach(async () => {
    data = await openTestNotesData();
  });
  afterEach(() => data.db.close());

  it('shows a note sync did not keep, and a restore puts it in the form', async () => {
    const id = await data.commands.createMoodEntry({ level: 4, note: 'kept by sync' });
    await data.db.conflicts.put({
      id: 'c-mood',
      table_name: 'mood_entries',
      row_id: id,
      field: 'note',
      kind: 'lww_lost',
      losing_value: 'typed on the other phone',
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
    await renderAt('/mood/entry', [
      {
        path: '/mood/entry',
        element: (
          <UserDataContext.Provider value={data}>
            <SettingsContext.Provider value={settings}>
              <MoodCheckIn day="2026-11-22" today="2026-11-22" entryId={id} />
            </SettingsContext.Provider>
          </UserDataContext.Provider>
        ),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Another version' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await waitFor(async () =>
      expect((await data.db.mood_entries.get(id))?.note).toBe('typed on the other phone'),
    );
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note' }).value).toBe(
      'typed on the other phone',
    );
  });
});
