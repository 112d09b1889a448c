import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { NoteEditorScreen } from './note-editor-screen.tsx';
import { hashPin, writePinRecord } from './note-pin.ts';
import { openTestNotesData, renderAt, TEST_USER } from './notes-test-harness.tsx';

describe('note editor', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;

  beforeEach(async () => {
    data = await openTestNotesData();
    localStorage.clear();
  });
  afterEach(() => data.db.close());

  const open = (id: string, relockAfterMs?: number) =>
    renderAt(`/notes/${id}`, [
      {
        path: '/notes/:id',
        element: <NoteEditorScreen data={data} noteId={id} relockAfterMs={relockAfterMs} />,
      },
      { path: '/notes', element: <p>list</p> },
    ]);

  it('autosaves while typing and says so in a status region', async () => {
    const id = await data.commands.createNote();
    await open(id);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), 'Hello world');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect((await data.db.notes.get(id))?.body).toBe('Hello world');
  });

  it('flushes the last words when the editor closes before the debounce ends', async () => {
    const id = await data.commands.createNote();
    const view = await open(id);
    const body = await screen.findByRole('textbox', { name: 'Text' });
    await userEvent.type(body, 'last words');
    // Still inside the 400 ms pause: nothing written yet, so what lands next is the unmount's flush.
    expect((await data.db.notes.get(id))?.body).toBe('');
    view.unmount();
    await waitFor(async () => expect((await data.db.notes.get(id))?.body).toBe('last words'));
  });

  it('flushes on blur', async () => {
    const id = await data.commands.createNote();
    await open(id);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Plans');
    await userEvent.tab();
    await waitFor(async () => expect((await data.db.notes.get(id))?.title).toBe('Plans'));
  });

  it('keeps a locked note’s body out of the DOM until the right PIN, and locks again when idle', async () => {
    writePinRecord(TEST_USER, await hashPin('2468', 100_000));
    const id = await data.commands.createNote({ title: 'Diary', body: 'a very private line', locked: true });
    await open(id, 300);
    expect(await screen.findByRole('heading', { name: 'This note is locked' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('private line');
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();

    await userEvent.type(screen.getByLabelText('PIN'), '1111');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('That PIN is not right.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('private line');

    await userEvent.type(screen.getByLabelText('PIN'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    const body = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Text' });
    expect(body.value).toBe('a very private line');

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull(), {
      timeout: 2000,
    });
    expect(screen.getByRole('heading', { name: 'This note is locked' })).toBeTruthy();
  });

  it('shows another version from a sync conflict and restores it in one click', async () => {
    const id = await data.commands.createNote({ body: 'kept by sync' });
    await data.db.conflicts.put({
      id: 'c1',
      table_name: 'notes',
      row_id: id,
      field: 'body',
      kind: 'lww_lost',
      losing_value: 'my offline edit',
      losing_hlc: '',
      winning_hlc: '',
      reason: 'concurrent write',
      created_at: new Date(data.clock.now()).toISOString(),
      resolved_at: null,
      _sync: { version: 0, hlc: {} },
    });
    await open(id);
    expect(await screen.findByRole('heading', { name: 'Another version' })).toBeTruthy();
    expect(screen.getByText('my offline edit')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await waitFor(async () => expect((await data.db.notes.get(id))?.body).toBe('my offline edit'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Another version' })).toBeNull());
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' }).value).toBe('my offline edit');
  });

  it('keeps the other version of a locked note’s body hidden, with no restore, until unlocked', async () => {
    writePinRecord(TEST_USER, await hashPin('2468', 100_000));
    const id = await data.commands.createNote({ title: 'Diary', body: 'current', locked: true });
    await data.db.conflicts.put({
      id: 'c2',
      table_name: 'notes',
      row_id: id,
      field: 'body',
      kind: 'lww_lost',
      losing_value: 'an older secret',
      losing_hlc: '',
      winning_hlc: '',
      reason: 'concurrent write',
      created_at: new Date(data.clock.now()).toISOString(),
      resolved_at: null,
      _sync: { version: 0, hlc: {} },
    });
    await open(id);
    expect(await screen.findByText('Unlock the note to see this version.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('older secret');
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
    await userEvent.type(screen.getByLabelText('PIN'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('an older secret')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore this version' })).toBeTruthy();
  });
});
