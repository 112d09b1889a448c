import { describe, expect, it } from 'vitest';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NOTE_ORDER_INDEX } from '../../db/note-list-index.ts';
import { pictureRowHash } from '../../lib/first-paint/picture-check.ts';
import { notesPictureCheck } from './notes-picture-check.ts';

function note(id: string): Stored<Note> {
  return {
    id,
    title: `Note ${id}`,
    body: 'words',
    font: 'Abril Fatface',
    color: '#FFF7D1',
    font_size: 20,
    pinned: false,
    locked: false,
    tags: [],
    created_at: '2026-11-27T10:00:00.000Z',
    deleted_at: null,
    _sync: { version: 1, hlc: {} },
  };
}

const notes = ['a', 'b', 'c', 'd'].map(note);
const noteAt = (index: number) => notes[index];

describe("the notes list's picture check", () => {
  it('names the notes on screen from the top of the list index, in order', () => {
    expect(notesPictureCheck('murmur-user-1', 4, noteAt, { start: 0, end: 3 })).toEqual({
      database: 'murmur-user-1',
      reads: [{ store: 'notes', index: NOTE_ORDER_INDEX, hashes: notes.slice(0, 3).map(pictureRowHash) }],
    });
  });

  it('names no more rows than the list has', () => {
    expect(notesPictureCheck('db', 2, noteAt, { start: 0, end: 9 })?.reads[0]?.hashes).toHaveLength(2);
  });

  it('expects an empty list to stay empty', () => {
    expect(notesPictureCheck('db', 0, () => undefined, null)?.reads[0]?.hashes).toEqual([]);
  });

  it('names nothing for a list scrolled down, not yet placed, or with a row still being read', () => {
    expect(notesPictureCheck('db', 4, noteAt, { start: 1, end: 3 })).toBeNull();
    expect(notesPictureCheck('db', 4, noteAt, null)).toBeNull();
    expect(
      notesPictureCheck('db', 4, (index) => (index === 1 ? undefined : notes[index]), { start: 0, end: 3 }),
    ).toBeNull();
  });
});
