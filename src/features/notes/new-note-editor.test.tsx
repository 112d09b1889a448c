import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { rescuedWrites } from '../../lib/drafts/read-rescued-writes.ts';
import { NoteEditorScreen } from './note-editor-screen.tsx';
import { openTestNotesData, renderAt, TEST_USER } from '../../testing/notes-test-harness.tsx';

describe('a new note', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;

  beforeEach(async () => {
    data = await openTestNotesData();
    localStorage.clear();
  });
  afterEach(() => data.db.close());

  function NoteRoute() {
    const { id = '' } = useParams();
    const location = useLocation();
    return (
      <>
        <p data-testid="address">{`${location.pathname}${location.search}`}</p>
        <NoteEditorScreen data={data} noteId={id} />
      </>
    );
  }

  const open = (path = '/notes/new') =>
    renderAt(path, [
      { path: '/notes/:id', element: <NoteRoute /> },
      { path: '/notes', element: <p>list</p> },
    ]);

  it('is created by its first words, once, and the address becomes the note’s', async () => {
    await open();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(document.activeElement).toBe(title);
    expect(await data.db.notes.count()).toBe(0);

    // Typed where the focus is, as a keyboard does: the editor that takes over keeps the caret.
    await userEvent.keyboard('Groceries');
    await userEvent.keyboard('{Tab}milk');

    // The body's words came after the create began: the editor that took over saves them.
    await waitFor(
      async () =>
        expect(await data.db.notes.toArray()).toEqual([
          expect.objectContaining({ title: 'Groceries', body: 'milk', deleted_at: null }),
        ]),
      { timeout: 5000 },
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    const [note] = await data.db.notes.toArray();
    expect(screen.getByTestId('address').textContent).toBe(`/notes/${note?.id ?? ''}`);
    // The editor that took over is the full one, still where the person was typing.
    screen.getByRole('button', { name: 'Pin' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Text' }));
  });

  it('leaves nothing behind when the person backs out without typing', async () => {
    await open();
    await userEvent.click(await screen.findByRole('link', { name: 'All notes' }));
    await screen.findByText('list');
    expect(await data.db.notes.count()).toBe(0);
  });

  it('is not created by spaces alone', async () => {
    await open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), '   ');
    await userEvent.click(screen.getByRole('link', { name: 'All notes' }));
    await screen.findByText('list');
    expect(await data.db.notes.count()).toBe(0);
  });

  it('carries the tag the list was filtered by', async () => {
    await open('/notes/new?tag=work');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), 'Standup');
    await waitFor(async () =>
      expect(await data.db.notes.toArray()).toEqual([expect.objectContaining({ tags: ['work'] })]),
    );
  });

  it('keeps its words in a rescue when the page closes before the editor has taken over', async () => {
    await open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), 'x');
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const rescued = rescuedWrites(TEST_USER);
    await waitFor(async () => expect(await data.db.notes.count()).toBe(1));
    expect(rescued).toEqual([
      expect.objectContaining({
        write: expect.objectContaining({ kind: 'new-note', fields: { title: '', body: 'x' } }),
      }),
    ]);
  });
});
