import { describe, expect, it } from 'vitest';

import type { JournalDocument } from './journal-documents.ts';
import { JournalIndex } from './journal-index.ts';
import { snippet } from './search-text.ts';

const doc = (id: string, fields: Partial<JournalDocument>): JournalDocument => ({
  id: `note:${id}`,
  kind: 'note',
  entryId: id,
  title: '',
  body: '',
  tags: '',
  when: '2026-11-22T08:00:00.000Z',
  day: '2026-11-22',
  ...fields,
});

const ids = (index: JournalIndex, query: string) => index.search(query).map((hit) => hit.entryId);

describe('journal search', () => {
  it('finds words by their beginning, without case or accents, and needs every query word', () => {
    const index = new JournalIndex();
    index.sync([
      doc('a', { title: 'Café by the lake', body: 'Herons at dawn' }),
      doc('b', { body: 'Die Straße war leer' }),
      doc('c', { body: 'A cafeteria lunch' }),
    ]);
    expect(ids(index, 'cafe').sort()).toEqual(['a', 'c']);
    expect(ids(index, 'strasse')).toEqual(['b']);
    expect(ids(index, 'HER dawn')).toEqual(['a']);
    expect(ids(index, 'cafe lunch')).toEqual(['c']);
    expect(ids(index, 'nothing here')).toEqual([]);
    expect(ids(index, '   ')).toEqual([]);
  });

  it('finds Chinese and Japanese text inside a run of characters', () => {
    const index = new JournalIndex();
    index.sync([doc('zh', { body: '今天我去了公园散步' }), doc('ja', { body: '東京で友達に会いました' })]);
    expect(ids(index, '公园')).toEqual(['zh']);
    expect(ids(index, '公园散步')).toEqual(['zh']);
    expect(ids(index, '友達')).toEqual(['ja']);
  });

  it('ranks a title match above a body match', () => {
    const index = new JournalIndex();
    index.sync([doc('body', { body: 'garden notes' }), doc('title', { title: 'Garden' })]);
    expect(ids(index, 'garden')).toEqual(['title', 'body']);
  });

  it('follows changes: edited, removed and locked entries', () => {
    const index = new JournalIndex();
    index.sync([doc('a', { body: 'secret plans' }), doc('b', { body: 'open plans' })]);
    expect(ids(index, 'plans').sort()).toEqual(['a', 'b']);
    // 'a' was locked (its body no longer given) and 'b' deleted.
    index.sync([doc('a', { title: 'Locked', body: '' })]);
    expect(ids(index, 'secret')).toEqual([]);
    expect(ids(index, 'plans')).toEqual([]);
    expect(ids(index, 'locked')).toEqual(['a']);
    expect(index.size).toBe(1);
  });

  it('marks the matching words in a snippet around the first match', () => {
    const long = `${'word '.repeat(40)}the Herons came back at dawn ${'more '.repeat(40)}`;
    const segments = snippet(long, ['heron']);
    expect(segments[0]).toEqual({ text: '…', match: false });
    expect(segments.filter((segment) => segment.match).map((segment) => segment.text)).toEqual(['Herons']);
    expect(segments.at(-1)).toEqual({ text: '…', match: false });
    expect(snippet('Café au lait', ['cafe'])).toEqual([
      { text: 'Café', match: true },
      { text: ' au lait', match: false },
    ]);
  });
});
