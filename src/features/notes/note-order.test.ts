import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { MurmurDatabase } from '../../db/schema.ts';
import { NOTE_ORDER_INDEX, NOTE_TAGS_INDEX } from '../../db/note-list-index.ts';
import { noteChangedAt } from './note-order.ts';
import { openTestNotesData } from '../../testing/notes-test-harness.tsx';
import type { NotesData } from './notes-data.ts';

describe('note order', () => {
  let data: NotesData & { clock: { advance: (ms: number) => void } };
  let db: MurmurDatabase;

  beforeEach(async () => {
    data = await openTestNotesData();
    db = data.db;
  });
  afterEach(() => db.close());

  // The list's order, as the list reads it: the notes' list index (docs/adr/0097).
  const titles = async () => (await db.notes.orderBy(NOTE_ORDER_INDEX).toArray()).map((note) => note.title);

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

  it('[ADR 0097] the database’s list index gives the same order for live notes, and leaves deleted ones out', async () => {
    const { commands, clock } = data;
    const ids: string[] = [];
    for (const title of ['a', 'b', 'c', 'd', 'e']) {
      ids.push(await commands.createNote({ title, tags: [title === 'a' ? 'shared' : title, 'shared'] }));
      // Two notes share a millisecond, so the HLC counter and then nothing but the id tell them apart.
      if (title !== 'b') clock.advance(1000);
    }
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    await commands.updateNote(b, { pinned: true });
    await commands.updateNote(d, { pinned: true });
    clock.advance(1000);
    await commands.updateNote(a, { body: 'edited last' });
    await commands.deleteNote(c);
    await commands.deleteNote(e);
    await commands.restoreNote(e);
    await commands.updateNote(d, { pinned: false });

    const indexed = await db.notes.orderBy(NOTE_ORDER_INDEX).toArray();
    expect(indexed.map((note) => note.title)).toEqual(['b', 'd', 'e', 'a']);
    expect(await db.notes.orderBy(NOTE_ORDER_INDEX).offset(1).limit(2).primaryKeys()).toEqual([d, e]);
    expect(await db.notes.orderBy(NOTE_ORDER_INDEX).count()).toBe(4);
    // The deleted note's tag 'c' is not offered; a tag on two notes is offered once.
    expect(await db.notes.orderBy(NOTE_TAGS_INDEX).uniqueKeys()).toEqual(['b', 'd', 'e', 'shared']);
  });
});
