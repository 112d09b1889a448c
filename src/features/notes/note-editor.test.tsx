import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Language } from '../../lib/i18n/i18n.ts';
import { lostVersion } from '../../testing/conflicts/lost-version.ts';
import { installFakeSpeechSynthesis } from '../../testing/speech/install-fake-speech-synthesis.ts';
import { NoteEditorScreen } from './note-editor-screen.tsx';
import { hashPin, writePinRecord } from './note-pin.ts';
import { openTestNotesData, renderAt, TEST_USER } from '../../testing/notes-test-harness.tsx';

describe('note editor', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;

  beforeEach(async () => {
    data = await openTestNotesData();
    localStorage.clear();
  });
  afterEach(() => data.db.close());

  const open = (id: string, relockAfterMs?: number, language?: Language) =>
    renderAt(
      `/notes/${id}`,
      [
        {
          path: '/notes/:id',
          element: <NoteEditorScreen data={data} noteId={id} relockAfterMs={relockAfterMs} />,
        },
        { path: '/notes', element: <p>list</p> },
      ],
      { language },
    );

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

  it('[R39] keeps words typed as the note was deleted elsewhere, in the trash, and says so', async () => {
    const id = await data.commands.createNote({ body: 'Packing list:' });
    await open(id);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), ' boots');
    // Still inside the autosave's pause when the delete lands (another device's, pulled).
    await data.commands.deleteNote(id);
    await screen.findByText('Words typed after this was deleted are kept here. Restore it to keep writing.');
    expect(await data.db.notes.get(id)).toMatchObject({
      body: 'Packing list: boots',
      deleted_at: expect.any(String),
    });
  });

  it('[R37][R38] shows a change stored elsewhere when idle, and merges one that lands while typing', async () => {
    const id = await data.commands.createNote({ body: 'Morning. Evening.' });
    await open(id);
    const body = await screen.findByRole('textbox', { name: 'Text' });
    await data.commands.updateNote(id, { body: 'Early morning. Evening.' });
    await waitFor(() => expect(body).toHaveProperty('value', 'Early morning. Evening.'));
    expect(screen.getByRole('status').textContent).toContain('Also changed elsewhere');

    await userEvent.type(body, ' Late call.');
    // Stored while the person is typing, over the text the editor showed: the editor keeps its words...
    await data.commands.updateNote(id, { body: 'Early morning, rain. Evening.' });
    expect(body).toHaveProperty('value', 'Early morning. Evening. Late call.');
    // ...and its save merges the two.
    await waitFor(async () =>
      expect((await data.db.notes.get(id))?.body).toBe('Early morning, rain. Evening. Late call.'),
    );
    await waitFor(() => expect(body).toHaveProperty('value', 'Early morning, rain. Evening. Late call.'));
    expect(await data.db.conflicts.count()).toBe(0);
  });

  it('shows a picked colour, font and size at once, before the save comes back, and keeps them', async () => {
    const id = await data.commands.createNote({ body: 'Picnic' });
    await open(id);
    const body = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Text' });
    const mint = screen.getByRole<HTMLInputElement>('radio', { name: 'Mint' });
    // Synchronous on purpose: the chosen state comes from the editor, not from the stored note.
    fireEvent.click(mint);
    expect(mint.checked).toBe(true);
    expect(body.style.backgroundColor.toUpperCase()).toBe('#DCFCE7');
    fireEvent.click(screen.getByRole('radio', { name: 'Lora' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Lora' }).checked).toBe(true);
    expect(body.style.fontFamily).toMatch(/^"?Lora"?,/);
    fireEvent.change(screen.getByRole('combobox', { name: 'Text size' }), { target: { value: '24' } });
    expect(screen.getByRole('option', { name: '24 px', selected: true })).toBeTruthy();
    expect(body.style.fontSize).toBe('24px');
    await waitFor(async () =>
      expect(await data.db.notes.get(id)).toMatchObject({ color: '#DCFCE7', font: 'Lora', font_size: 24 }),
    );
    expect(mint.checked).toBe(true);
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
    await data.db.conflicts.put(
      lostVersion(
        { id: 'c1', table_name: 'notes', row_id: id, field: 'body', losing_value: 'my offline edit' },
        data.clock.now(),
      ),
    );
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
    await data.db.conflicts.put(
      lostVersion(
        { id: 'c2', table_name: 'notes', row_id: id, field: 'body', losing_value: 'an older secret' },
        data.clock.now(),
      ),
    );
    await open(id);
    expect(await screen.findByText('Unlock the note to see this version.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('older secret');
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
    await userEvent.type(screen.getByLabelText('PIN'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('an older secret')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore this version' })).toBeTruthy();
  });

  describe('read-aloud', () => {
    it('reads the title and body in the user’s language, pressed while reading, and a second press stops', async () => {
      const speech = installFakeSpeechSynthesis();
      const id = await data.commands.createNote({ title: 'Einkauf', body: 'Brot und Äpfel' });
      await open(id, undefined, 'de-DE');
      await userEvent.click(await screen.findByRole('button', { name: 'Vorlesen', pressed: false }));
      expect(speech.spoken.map(({ text, lang }) => ({ text, lang }))).toEqual([
        { text: 'Einkauf. Brot und Äpfel', lang: 'de-DE' },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Vorlesen beenden', pressed: true }));
      expect(speech.current).toBeNull();
      expect(screen.getByRole('button', { name: 'Vorlesen', pressed: false })).toBeTruthy();
    });

    it('is offered only while the read-aloud setting is on; turning it off stops the reading', async () => {
      const speech = installFakeSpeechSynthesis();
      const id = await data.commands.createNote({ title: 'Plans', body: 'Lake on Sunday' });
      await open(id);
      await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
      expect(speech.current?.text).toBe('Plans. Lake on Sunday');

      await data.commands.updateSettings({ enable_text_to_speech: false });
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: /Read aloud|Stop reading/ })).toBeNull(),
      );
      await waitFor(() => expect(speech.current).toBeNull());
    });

    it('is not offered for a locked note until it is unlocked, and stops when the note locks again', async () => {
      const speech = installFakeSpeechSynthesis();
      writePinRecord(TEST_USER, await hashPin('2468', 100_000));
      const id = await data.commands.createNote({
        title: 'Diary',
        body: 'a very private line',
        locked: true,
      });
      // Long enough an idle time that a loaded machine still clicks Read aloud before the note relocks.
      await open(id, 2_000);
      expect(await screen.findByRole('heading', { name: 'This note is locked' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();

      await userEvent.type(screen.getByLabelText('PIN'), '2468');
      await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
      expect(speech.current?.text).toBe('Diary. a very private line');

      // Idle relock: the body leaves the screen, and its voice must not keep reading it out.
      await waitFor(
        () => expect(screen.queryByRole('heading', { name: 'This note is locked' })).toBeTruthy(),
        { timeout: 10_000 },
      );
      expect(screen.queryByRole('button', { name: /Read aloud|Stop reading/ })).toBeNull();
      // The voice is stopped by the button's effect cleanup, which React runs after the relock's commit.
      await waitFor(() => expect(speech.current).toBeNull());
    });

    it('stops reading when the user leaves the note', async () => {
      const speech = installFakeSpeechSynthesis();
      const id = await data.commands.createNote({ title: 'Plans', body: 'Lake on Sunday' });
      await open(id);
      await userEvent.click(await screen.findByRole('button', { name: 'Read aloud' }));
      await userEvent.click(screen.getByRole('link', { name: 'All notes' }));
      expect(await screen.findByText('list')).toBeTruthy();
      await waitFor(() => expect(speech.current).toBeNull());
    });

    it('is not offered where the browser cannot speak', async () => {
      installFakeSpeechSynthesis({ available: false });
      const id = await data.commands.createNote({ title: 'Plans', body: 'Lake on Sunday' });
      await open(id);
      expect(await screen.findByRole('textbox', { name: 'Text' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Read aloud' })).toBeNull();
    });
  });
});
