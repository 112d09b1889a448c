import { describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';

import { noteSchema } from '../entities/note.ts';
import { patchedRow } from './patched-row.ts';

const note = {
  id: '0000aaaa-0000-7000-8000-000000000001',
  title: 'Groceries',
  body: 'milk',
  font: 'Abril Fatface',
  color: '#FFF7D1',
  font_size: 20,
  pinned: false,
  locked: false,
  tags: ['home'],
  created_at: '2026-11-27T08:00:00.000Z',
  deleted_at: null,
};

describe('patchedRow', () => {
  it('applies a valid patch to the stored row', () => {
    expect(patchedRow(noteSchema, note, { body: 'milk, eggs', pinned: true }, note.id)).toEqual({
      ...note,
      body: 'milk, eggs',
      pinned: true,
    });
  });

  it("refuses an invalid field with the schema's own error, naming the field", () => {
    const refused = () => patchedRow(noteSchema, note, { font_size: 'huge' }, note.id);
    expect(refused).toThrow(ZodError);
    try {
      refused();
    } catch (error) {
      expect((error as ZodError).issues[0]?.path).toEqual(['font_size']);
    }
  });

  it('refuses a field the table does not have', () => {
    expect(() => patchedRow(noteSchema, note, { mood: 5 }, note.id)).toThrow(ZodError);
  });

  it('checks the whole row when the schema has rules across fields', () => {
    const range = z
      .strictObject({ id: z.string(), start: z.number(), end: z.number() })
      .refine((row) => row.end >= row.start, { message: 'ends before it starts' });
    const stored = { id: 'a', start: 1, end: 5 };
    expect(patchedRow(range, stored, { end: 9 }, 'a')).toEqual({ id: 'a', start: 1, end: 9 });
    expect(() => patchedRow(range, stored, { end: 0 }, 'a')).toThrow('ends before it starts');
  });
});
