import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { MurmurDatabase } from '../../db/schema.ts';
import { noteChangedAt, orderNotes } from './note-order.ts';
import { openTestNotesData } from './notes-test-harness.tsx';
import type { NotesData } from './notes-data.ts';

describe('note order', () => {
  let data: NotesData & { clock: { advance: (ms: number) => void } };
  let db: MurmurDatabase;

  beforeEach(async () => {
    data = await openTestNotesData();
    db = data.db;
  });
  afterEach(() => db.close());

  const titles = async () => orderNotes(await db.notes.toArray()).map((note) => note.title);

  it('puts pinned notes first, then the most recently changed', async () => {
    const { commands, clock } = data;
    const first = await commands.createNote({ title: 'first' });
    clock.advance(1000);
    await commands.createNote({ title: 'second' });
    clock.advance(1000);
    await commands.createNote({ title: 'pinned', pinned: true });
    clock.advance(1000);
    await commands.createNote({ title: 'third' });
    expect(await titles()).toEqual(['pinned', 'third', 'second', 'first']);

    clock.advance(1000);
    await commands.updateNote(first, { body: 'edited later' });
    expect(await titles()).toEqual(['pinned', 'first', 'third', 'second']);
  });

  it('reads the change time from the newest field stamp', async () => {
    const { commands, clock } = data;
    const id = await commands.createNote({ title: 'a' });
    clock.advance(60_000);
    await commands.updateNote(id, { title: 'b' });
    const note = await db.notes.get(id);
    expect(note && noteChangedAt(note)).toBe(Date.UTC(2026, 10, 22, 8, 1, 0));
  });
});
