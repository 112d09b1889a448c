import { describe, expect, it } from 'vitest';

import { pictureRowHash } from './picture-check.ts';

const note = {
  id: 'n1',
  title: 'Lisbon trip',
  body: 'pastéis de nata',
  tags: ['travel'],
  _sync: { version: 3, hlc: { title: '0001-000000-aa' } },
};

describe("a picture's row fingerprint", () => {
  it('is the same for the same stored row, read twice', () => {
    expect(pictureRowHash(note)).toBe(pictureRowHash(structuredClone(note)));
  });

  it('changes with any field, a stamp or a character beyond the Latin alphabet', () => {
    const seen = new Set([
      pictureRowHash(note),
      pictureRowHash({ ...note, title: 'Lisbon trip!' }),
      pictureRowHash({ ...note, body: 'pasteis de nata' }),
      pictureRowHash({ ...note, tags: [] }),
      pictureRowHash({ ...note, _sync: { version: 4, hlc: note._sync.hlc } }),
      pictureRowHash({ ...note, title: '里斯本之行' }),
      pictureRowHash({ ...note, title: '里斯本之旅' }),
    ]);
    expect(seen.size).toBe(7);
  });

  it('stands for a missing row too', () => {
    expect(pictureRowHash(undefined)).toBe('0.' + (0x811c9dc5).toString(36));
    expect(pictureRowHash(undefined)).not.toBe(pictureRowHash(null));
  });
});
