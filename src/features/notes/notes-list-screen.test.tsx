import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { NotesListScreen } from './notes-list-screen.tsx';
import { openTestNotesData, renderAt } from '../../testing/notes-test-harness.tsx';

describe('notes list', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;

  /** The usual card's row, 9.5 rem at happy-dom's 16 px text size; a card with tags is a line taller. */
  const ROW_PX = 152;
  const TAGGED_ROW_PX = 190;

  beforeEach(async () => {
    data = await openTestNotesData();
    // happy-dom lays nothing out, so every element is 0 px tall; the virtualiser measures its rows with
    // offsetHeight (as TanStack Virtual's own tests stub it), so the rows get heights here: each card as
    // tall as in a browser, give or take, and taller with a line of tags.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (!this.matches('li[data-index]')) return 0;
      return this.textContent.includes('#') ? TAGGED_ROW_PX : ROW_PX;
    });
  });
  afterEach(() => {
    window.scrollTo(0, 0);
    data.db.close();
  });

  const show = (path = '/notes') =>
    renderAt(path, [
      { path: '/notes', element: <NotesListScreen data={data} /> },
      { path: '/notes/:id', element: <p>editor</p> },
    ]);

  /** Notes "Note 000" to "Note <count - 1>", a second apart, so the newest is first in the list. */
  const createNumberedNotes = async (count: number) => {
    for (let n = 0; n < count; n += 1) {
      await data.commands.createNote({ title: `Note ${String(n).padStart(3, '0')}` });
      data.clock.advance(1000);
    }
  };

  const cardTitles = () =>
    within(screen.getByRole('list', { name: 'Notes' }))
      .getAllByRole('link')
      .map((link) => link.firstElementChild?.textContent);

  it('shows the empty state before the first note', async () => {
    await show();
    expect(await screen.findByRole('heading', { name: 'No notes yet' })).toBeTruthy();
  });

  it('lists pinned notes first, then the most recently changed, each in its own font and colour', async () => {
    const { commands, clock } = data;
    await commands.createNote({ title: 'Oldest', font: 'Caveat', color: '#E0F2FE' });
    clock.advance(1000);
    await commands.createNote({ title: 'Pinned', pinned: true });
    clock.advance(1000);
    await commands.createNote({ title: 'Newest', body: 'fresh text' });
    await show();
    await waitFor(() => expect(cardTitles()).toEqual(['Pinned', 'Newest', 'Oldest']));
    const oldest = screen.getByRole('link', { name: /Oldest/ });
    expect(oldest.style.backgroundColor.toLowerCase()).toMatch(/^(#e0f2fe|rgb\(224, 242, 254\))$/);
    expect((oldest.firstElementChild as HTMLElement).style.fontFamily).toContain('Caveat');
    expect(screen.getByText('fresh text')).toBeTruthy();
    expect(screen.getByText('3 notes')).toBeTruthy();
  });

  it('filters by search words (diacritics ignored) and by tag, keeping both in the address', async () => {
    const { commands } = data;
    await commands.createNote({ title: 'Café list', body: 'croissants', tags: ['paris'] });
    await commands.createNote({ title: 'Gym', body: 'squats', tags: ['health'] });
    await show();
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'cafe cro');
    await waitFor(() => expect(cardTitles()).toEqual(['Café list']));
    expect(screen.getByText('1 note matches')).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search notes' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), '#health');
    await waitFor(() => expect(cardTitles()).toEqual(['Gym']));
  });

  it('keeps a locked note’s body out of the list and out of search', async () => {
    const { commands } = data;
    await commands.createNote({ title: 'Secret plans', body: 'the hidden treasure map', locked: true });
    await show('/notes?q=treasure');
    expect(await screen.findByRole('heading', { name: 'No matching notes' })).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search notes' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Secret plans']));
    expect(screen.getByText('Locked note')).toBeTruthy();
    expect(document.body.textContent).not.toContain('treasure');
  });

  it('opens a draft with "New note" and creates nothing until words are typed in it', async () => {
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'New note' }));
    expect(await screen.findByText('editor')).toBeTruthy();
    expect(await data.db.notes.count()).toBe(0);
  });

  it('has the cards just below the screen once the list has painted, so Tab and scrolling find them', async () => {
    await createNumberedNotes(20);
    await show();
    const list = await screen.findByRole('list', { name: 'Notes' });
    await waitFor(() => expect(cardTitles()[0]).toBe('Note 019'));
    // A 768 px window shows rows 1–6 of 152 px; the six after them are made once the first cards are
    // painted, and nothing further down.
    expect(await within(list).findByRole('link', { name: /Note 008/ })).toBeTruthy();
    expect(within(list).queryByRole('link', { name: /Note 007/ })).toBeNull();
  });
  it('reads the rows near the screen in list order, and those further down once scrolled to (ADR 0097)', async () => {
    await createNumberedNotes(120);
    await show();
    const list = await screen.findByRole('list', { name: 'Notes' });
    await waitFor(() => expect(cardTitles()[0]).toBe('Note 119'));
    expect(screen.getByText('120 notes')).toBeTruthy();
    expect(within(list).queryByRole('link', { name: /Note 019/ })).toBeNull();

    // Row 101 of 120 is the 20th oldest note; it lies in a block the list has not read yet.
    window.scrollTo(0, 100 * ROW_PX);
    window.dispatchEvent(new Event('scroll'));
    const row = await within(list).findByRole('link', { name: /Note 019/ });
    expect(row.closest('li')?.getAttribute('aria-posinset')).toBe('101');
    expect(row.closest('li')?.getAttribute('aria-setsize')).toBe('120');

    // A note synced in above keeps the reader where they are: the page stays scrolled, the rows shown
    // stay, one place further down the list.
    await data.commands.createNote({ title: 'Arrived by sync' });
    await waitFor(() => expect(row.closest('li')?.getAttribute('aria-posinset')).toBe('102'));
    expect(screen.getByText('121 notes')).toBeTruthy();
    expect(window.scrollY).toBe(100 * ROW_PX);
    expect(within(list).getByRole('link', { name: /Note 019/ })).toBe(row);
  });

  it('places each card below the one before at that card’s own height', async () => {
    const { commands, clock } = data;
    await commands.createNote({ title: 'Plain below' });
    clock.advance(1000);
    await commands.createNote({ title: 'Tagged', tags: ['garden', 'spring'] });
    clock.advance(1000);
    await commands.createNote({ title: 'Plain on top' });
    await show();
    await waitFor(() => expect(cardTitles()).toEqual(['Plain on top', 'Tagged', 'Plain below']));
    // Where a row is drawn: the vertical offset the list moves it by, in px.
    const rowTop = (title: string) => {
      const row = screen.getByRole('link', { name: new RegExp(title) }).closest('li');
      return Number(/,\s*(-?[\d.]+)px/.exec(row?.style.transform ?? '')?.[1]);
    };
    await waitFor(() => expect(rowTop('Plain below')).toBe(ROW_PX + TAGGED_ROW_PX));
    expect(rowTop('Tagged')).toBe(ROW_PX);
    expect(rowTop('Plain on top')).toBe(0);
  });

  it('keeps keyboard focus on a card while notes arrive above it', async () => {
    const { commands, clock } = data;
    await commands.createNote({ title: 'Rain' });
    await show();
    const rain = await screen.findByRole('link', { name: /Rain/ });
    rain.focus();
    clock.advance(1000);
    await commands.createNote({ title: 'Tea' });
    await waitFor(() => expect(cardTitles()).toEqual(['Tea', 'Rain']));
    expect(document.activeElement).toBe(rain);
    expect(rain.textContent).toContain('Rain');
  });

  it('follows changes while shown: a new note comes first, a pinned one above it, a deleted one goes', async () => {
    const { commands, clock } = data;
    const walk = await commands.createNote({ title: 'Walk' });
    clock.advance(1000);
    await commands.createNote({ title: 'Rain' });
    await show();
    await waitFor(() => expect(cardTitles()).toEqual(['Rain', 'Walk']));
    clock.advance(1000);
    await commands.createNote({ title: 'Tea' });
    await waitFor(() => expect(cardTitles()).toEqual(['Tea', 'Rain', 'Walk']));
    clock.advance(1000);
    await commands.updateNote(walk, { pinned: true });
    await waitFor(() => expect(cardTitles()).toEqual(['Walk', 'Tea', 'Rain']));
    await commands.deleteNote(walk);
    await waitFor(() => expect(cardTitles()).toEqual(['Tea', 'Rain']));
    expect(screen.getByText('2 notes')).toBeTruthy();
  });

  it('keeps a search current while shown: a new match appears, a note edited away and a deleted one go', async () => {
    const { commands, clock } = data;
    const walk = await commands.createNote({ title: 'Walk to the lake' });
    clock.advance(1000);
    const rain = await commands.createNote({ title: 'Rain walk' });
    await commands.createNote({ title: 'Tea' });
    await show('/notes?q=walk');
    await waitFor(() => expect(cardTitles()).toEqual(['Rain walk', 'Walk to the lake']));
    clock.advance(1000);
    await commands.createNote({ title: 'Night walk' });
    await waitFor(() => expect(cardTitles()).toEqual(['Night walk', 'Rain walk', 'Walk to the lake']));
    await commands.updateNote(rain, { title: 'Rain' });
    await waitFor(() => expect(cardTitles()).toEqual(['Night walk', 'Walk to the lake']));
    await commands.deleteNote(walk);
    await waitFor(() => expect(cardTitles()).toEqual(['Night walk']));
    expect(await screen.findByText('1 note matches')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    // A note written while no search is shown is found when the same words are searched again.
    const box = screen.getByRole('searchbox', { name: 'Search notes' });
    await userEvent.clear(box);
    await waitFor(() => expect(cardTitles()).toEqual(['Rain', 'Night walk', 'Tea']));
    clock.advance(1000);
    await commands.createNote({ title: 'Dawn walk' });
    await userEvent.type(box, 'walk');
    await waitFor(() => expect(cardTitles()).toEqual(['Dawn walk', 'Night walk']));
  });
});
