import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { lostVersion } from '../../testing/conflicts/lost-version.ts';
import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { installFakeSpeechSynthesis } from '../../testing/speech/install-fake-speech-synthesis.ts';
import { openTestNotesData, openTestSettings, renderAt } from '../../testing/notes-test-harness.tsx';
import { SettingsContext } from '../settings/index.ts';
import { MoodCheckIn } from './mood-check-in.tsx';
import { DEFAULT_ACTIVITIES } from './mood-levels.ts';

describe('mood check-in', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  beforeEach(async () => {
    data = await openTestNotesData();
  });
  afterEach(() => data.db.close());

  const open = async (entryId: string | null, day = '2026-11-22') => {
    const settings = await openTestSettings(data);
    return renderAt('/mood/entry', [
      {
        path: '/mood/entry',
        element: (
          <UserDataContext.Provider value={data}>
            <SettingsContext.Provider value={settings}>
              <MoodCheckIn day={day} today="2026-11-22" entryId={entryId} />
            </SettingsContext.Provider>
          </UserDataContext.Provider>
        ),
      },
    ]);
  };

  it('saves a check-in in two taps: Save is offered once a mood is chosen', async () => {
    await open(null);
    const save = await screen.findByRole('button', { name: 'Save check-in' });
    expect(save).toHaveProperty('disabled', true);
    expect(save.getAttribute('aria-describedby')).toBe(screen.getByText('Pick how you feel first.').id);

    await userEvent.click(screen.getByRole('radio', { name: 'Good' }));
    expect(save).toHaveProperty('disabled', false);
    expect(screen.queryByText('Pick how you feel first.')).toBeNull();
    await userEvent.click(save);

    await waitFor(async () =>
      expect(await data.db.mood_entries.toArray()).toEqual([
        expect.objectContaining({ level: 4, note: '', activities: [] }),
      ]),
    );
  });

  it('shows a note sync did not keep, and a restore puts it in the form', async () => {
    const id = await data.commands.createMoodEntry({ level: 4, note: 'kept by sync' });
    await data.db.conflicts.put(
      lostVersion(
        {
          id: 'c-mood',
          table_name: 'mood_entries',
          row_id: id,
          field: 'note',
          losing_value: 'typed on the other phone',
        },
        data.clock.now(),
      ),
    );
    await open(id);
    expect(await screen.findByRole('heading', { name: 'Another version' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await waitFor(async () =>
      expect((await data.db.mood_entries.get(id))?.note).toBe('typed on the other phone'),
    );
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note' }).value).toBe(
      'typed on the other phone',
    );
  });

  it('[R37][R38] merges a note changed elsewhere while the form was open, and keeps both activities', async () => {
    const id = await data.commands.createMoodEntry({ level: 3, note: 'Walk. Dinner.', activities: ['walk'] });
    await open(id);
    const field = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Note' });
    await userEvent.type(field, ' Early night.');
    await userEvent.click(screen.getByRole('checkbox', { name: /family/i }));
    // Another device's change, pulled while the form is open.
    await data.commands.updateMoodEntry(id, { note: 'Walk. Swim. Dinner.', activities: ['walk', 'work'] });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(async () =>
      expect(await data.db.mood_entries.get(id)).toMatchObject({
        note: 'Walk. Swim. Dinner. Early night.',
        activities: ['walk', 'work', 'family'],
      }),
    );
  });

  it('[R37] shows a change made elsewhere in a field the person has not changed, and says so', async () => {
    const id = await data.commands.createMoodEntry({ level: 3, note: 'Walk.', activities: ['walk'] });
    await open(id);
    const field = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Note' });
    await userEvent.click(screen.getByRole('radio', { name: 'Great' }));
    await data.commands.updateMoodEntry(id, { note: 'Long walk by the river.' });
    await waitFor(() => expect(field.value).toBe('Long walk by the river.'));
    expect(screen.getByRole('status').textContent).toBe(
      'Changed elsewhere meanwhile; the form shows it, and Save keeps your changes too.',
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Great' }).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(async () =>
      expect(await data.db.mood_entries.get(id)).toMatchObject({ level: 5, note: 'Long walk by the river.' }),
    );
  });

  it('[R37][R38] a restored draft keeps the base it was typed on: a change made before the restore merges in', async () => {
    const id = await data.commands.createMoodEntry({ level: 3, note: 'Walk. Dinner.' });
    const first = await open(id);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Note' }), ' Early night.');
    first.unmount();
    await waitFor(async () => expect(await data.db.form_drafts.get(`mood:${id}`)).toBeTruthy());
    // Another device's change, pulled while the form was closed with its words kept.
    await data.commands.updateMoodEntry(id, { note: 'Walk. Swim. Dinner.' });

    await open(id);
    const field = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Note' });
    expect(field.value).toBe('Walk. Dinner. Early night.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(async () =>
      expect((await data.db.mood_entries.get(id))?.note).toBe('Walk. Swim. Dinner. Early night.'),
    );
  });

  it('offers the activities used before, most used first, then the starter set', async () => {
    await data.commands.createMoodEntry({ level: 4, activities: ['climbing', 'family'] });
    await data.commands.createMoodEntry({ level: 3, activities: ['climbing'] });
    const gone = await data.commands.createMoodEntry({ level: 2, activities: ['chess'] });
    await data.commands.deleteMoodEntry(gone);
    await open(null);
    await waitFor(() =>
      expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
        'climbing',
        'Family',
        ...DEFAULT_ACTIVITIES.filter((activity) => activity !== 'family').map(
          (activity) => `${activity[0]?.toUpperCase() ?? ''}${activity.slice(1)}`,
        ),
      ]),
    );
  });

  describe('read-aloud', () => {
    it('reads the check-in being edited as it stands, note as typed, in the user’s language', async () => {
      const speech = installFakeSpeechSynthesis();
      const id = await data.commands.createMoodEntry({ level: 4, activities: ['work'], note: 'Slept well' });
      await open(id);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Note' }), ' and swam');
      await userEvent.click(screen.getByRole('button', { name: 'Read aloud', pressed: false }));
      expect(speech.spoken).toHaveLength(1);
      expect(speech.spoken[0]?.lang).toBe('en-US');
      // The time is the form's, in this machine's zone: only its place in the sentence is checked.
      expect(speech.spoken[0]?.text).toMatch(/^Good at \S.*\. Activities: Work\. Slept well and swam$/);
      expect(screen.getByRole('button', { name: 'Stop reading', pressed: true })).toBeTruthy();
    });

    it('offers nothing for a check-in without a note, nor on a new check-in', async () => {
      installFakeSpeechSynthesis();
      const id = await data.commands.createMoodEntry({ level: 3, activities: ['work'] });
      const view = await open(id);
      expect(await screen.findByRole('textbox', { name: 'Note' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
      view.unmount();

      await open(null);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Note' }), 'Not saved yet');
      expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
    });

    it('is not offered while the read-aloud setting is off', async () => {
      installFakeSpeechSynthesis();
      await data.commands.updateSettings({ enable_text_to_speech: false });
      const id = await data.commands.createMoodEntry({ level: 4, note: 'Slept well' });
      await open(id);
      expect(await screen.findByRole('textbox', { name: 'Note' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
    });
  });

  describe('an unsaved check-in', () => {
    const note = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Note' });
    const restoredMessage = 'Your unsaved check-in is back, as you left it.';

    it('is kept on the device when the form goes away unsaved, and comes back with a way to discard it', async () => {
      const first = await open(null);
      await userEvent.click(await screen.findByRole('radio', { name: 'Good' }));
      await userEvent.type(await note(), 'Long walk by the river');
      // A reload unmounts the form: whatever waits for the typing pause is written then.
      first.unmount();
      await waitFor(async () => expect(await data.db.form_drafts.count()).toBe(1));

      const second = await open(null);
      expect((await note()).value).toBe('Long walk by the river');
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Good' }).checked).toBe(true);
      expect(screen.getByRole('status').textContent).toBe(restoredMessage);
      // Another day's new check-in is its own form and starts empty.
      second.unmount();
      await open(null, '2026-11-21');
      expect((await note()).value).toBe('');
      expect(screen.queryByText(restoredMessage)).toBeNull();
    });

    it('is gone once saved, in the same step as the check-in', async () => {
      const first = await open(null);
      await userEvent.click(await screen.findByRole('radio', { name: 'Great' }));
      await userEvent.type(await note(), 'Finished the book');
      first.unmount();
      await waitFor(async () => expect(await data.db.form_drafts.count()).toBe(1));
      await open(null);
      expect((await note()).value).toBe('Finished the book');
      await userEvent.click(screen.getByRole('button', { name: 'Save check-in' }));
      await waitFor(async () => expect(await data.db.mood_entries.count()).toBe(1));
      expect(await data.db.mood_entries.toArray()).toEqual([
        expect.objectContaining({ level: 5, note: 'Finished the book' }),
      ]);
      expect(await data.db.form_drafts.count()).toBe(0);
    });

    it('keeps edits of a saved check-in until they are discarded', async () => {
      const id = await data.commands.createMoodEntry({ level: 2, note: 'Tired' });
      const first = await open(id);
      await userEvent.type(await note(), ' but calm');
      first.unmount();
      await waitFor(async () => expect(await data.db.form_drafts.get(`mood:${id}`)).toBeTruthy());

      const second = await open(id);
      expect((await note()).value).toBe('Tired but calm');
      await userEvent.click(screen.getByRole('button', { name: 'Discard it' }));
      expect((await note()).value).toBe('Tired');
      expect(screen.queryByText(restoredMessage)).toBeNull();
      second.unmount();
      await waitFor(async () => expect(await data.db.form_drafts.count()).toBe(0));
      expect((await data.db.mood_entries.get(id))?.note).toBe('Tired');
    });

    it('keeps nothing when the form is back to what it opened with', async () => {
      const first = await open(null);
      await userEvent.type(await note(), 'x');
      await userEvent.clear(await note());
      first.unmount();
      // The emptied form's write (removing what the typing pause may have kept) lands after unmounting.
      await waitFor(async () => expect(await data.db.form_drafts.count()).toBe(0));
      await open(null);
      expect((await note()).value).toBe('');
      expect(screen.queryByText(restoredMessage)).toBeNull();
    });

    it('does not offer a kept draft that no longer fits the form', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await data.db.form_drafts.put({
        key: 'mood:new:2026-11-22',
        value: { level: 9, note: 'from an older Murmur', activities: [] },
        saved_at: '2026-11-22T08:00:00.000Z',
      });
      await open(null);
      expect((await note()).value).toBe('');
      expect(screen.queryByText(restoredMessage)).toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('mood:new:2026-11-22'), expect.anything());
      warn.mockRestore();
    });
  });
});
