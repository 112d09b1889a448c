import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { rescuedWrites } from '../../lib/drafts/read-rescued-writes.ts';
import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import {
  openTestNotesData,
  openTestSettings,
  renderAt,
  TEST_USER,
} from '../../testing/notes-test-harness.tsx';
import { SettingsContext, type SettingsStore } from '../settings/index.ts';
import { DiaryEditor } from './diary-editor.tsx';

describe('a new diary entry', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  let settings: SettingsStore;

  beforeEach(async () => {
    data = await openTestNotesData();
    settings = await openTestSettings(data);
    localStorage.clear();
  });
  afterEach(() => data.db.close());

  function EntryRoute() {
    const { id = '' } = useParams();
    const location = useLocation();
    return (
      <>
        <p data-testid="address">{`${location.pathname}${location.search}`}</p>
        <DiaryEditor id={id} />
      </>
    );
  }

  const open = (path = '/diary/new?day=2026-11-21') =>
    renderAt(path, [
      {
        path: '/diary/:id',
        element: (
          <UserDataContext.Provider value={data}>
            <SettingsContext.Provider value={settings}>
              <EntryRoute />
            </SettingsContext.Provider>
          </UserDataContext.Provider>
        ),
      },
      { path: '/mood', element: <p>the day</p> },
    ]);

  it('is created by its first words, once, on its day, and the address becomes the entry’s', async () => {
    await open();
    const body = await screen.findByRole('textbox', { name: 'Entry' });
    expect(document.activeElement).toBe(body);
    expect(await data.db.diary_entries.count()).toBe(0);

    // Typed where the focus is, as a keyboard does: the editor that takes over keeps the caret.
    await userEvent.keyboard('Rain all day, then soup');

    await waitFor(
      async () =>
        expect(await data.db.diary_entries.toArray()).toEqual([
          expect.objectContaining({ day: '2026-11-21', body: 'Rain all day, then soup', deleted_at: null }),
        ]),
      { timeout: 5000 },
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All changes saved'));
    const [entry] = await data.db.diary_entries.toArray();
    expect(screen.getByTestId('address').textContent).toBe(`/diary/${entry?.id ?? ''}`);
    // The editor that took over is the full one, still where the person was typing.
    screen.getByRole('button', { name: 'Delete' });
    const shown = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Entry' });
    expect(document.activeElement).toBe(shown);
    expect(shown.selectionStart).toBe('Rain all day, then soup'.length);
  });

  it('takes every keystroke after the full editor has taken over', async () => {
    await open();
    await userEvent.keyboard('Fog');
    await waitFor(() => expect(screen.getByTestId('address').textContent).not.toContain('new'));
    await screen.findByRole('button', { name: 'Delete' });
    await userEvent.keyboard(' over the harbour');
    const shown = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Entry' });
    expect(shown.value).toBe('Fog over the harbour');
    await waitFor(async () =>
      expect((await data.db.diary_entries.toArray())[0]?.body).toBe('Fog over the harbour'),
    );
  });

  it('leaves nothing behind when the person backs out without typing', async () => {
    await open();
    await userEvent.click(await screen.findByRole('link', { name: 'Back to the day' }));
    await screen.findByText('the day');
    expect(await data.db.diary_entries.count()).toBe(0);
  });

  it('is not created by spaces alone', async () => {
    await open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), '   ');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the day' }));
    await screen.findByText('the day');
    expect(await data.db.diary_entries.count()).toBe(0);
  });

  it('keeps its words in a rescue when the page closes before the editor has taken over', async () => {
    await open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Entry' }), 'x');
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const rescued = rescuedWrites(TEST_USER);
    await waitFor(async () => expect(await data.db.diary_entries.count()).toBe(1));
    expect(rescued).toEqual([
      expect.objectContaining({
        write: expect.objectContaining({
          kind: 'new-diary-entry',
          fields: { day: '2026-11-21', title: '', body: 'x' },
        }),
      }),
    ]);
  });
});
