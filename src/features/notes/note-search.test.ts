import { describe, expect, it } from 'vitest';

import { foldText } from '../../lib/search/search-words.ts';
import { noteMatches, type SearchableNote } from './note-search.ts';

let nextId = 0;
const note = (fields: Partial<SearchableNote>): SearchableNote => ({
  id: `n${(nextId += 1)}`,
  title: '',
  body: '',
  tags: [],
  locked: false,
  ...fields,
});

describe('note search matching', () => {
  it('ignores case and diacritics in both the query and the note', () => {
    expect(foldText('Crème Brûlée Straße')).toBe('creme brulee strasse');
    expect(noteMatches(note({ title: 'Café in São Paulo' }), 'cafe sao')).toBe(true);
    expect(noteMatches(note({ body: 'ein Spaziergang an der Straße' }), 'STRASSE')).toBe(true);
    expect(noteMatches(note({ title: 'Cafe' }), 'café')).toBe(true);
  });

  it('matches word prefixes, not the middle of words', () => {
    const groceries = note({ title: 'Groceries', body: 'tomatoes, basil and mozzarella' });
    expect(noteMatches(groceries, 'groc')).toBe(true);
    expect(noteMatches(groceries, 'mozz bas')).toBe(true);
    expect(noteMatches(groceries, 'matoes')).toBe(false);
  });

  it('needs every query word to match somewhere in the title, body or tags', () => {
    const trip = note({ title: 'Lisbon', body: 'trams and tiles', tags: ['travel', 'Portugal'] });
    expect(noteMatches(trip, 'lisbon trav')).toBe(true);
    expect(noteMatches(trip, 'portu tiles')).toBe(true);
    expect(noteMatches(trip, 'lisbon madrid')).toBe(false);
  });

  it('matches every note for an empty or punctuation-only query', () => {
    expect(noteMatches(note({ title: 'x' }), '')).toBe(true);
    expect(noteMatches(note({ title: 'x' }), '  ,; ')).toBe(true);
  });

  it('finds CJK text inside a run of characters written without spaces', () => {
    const diary = note({ body: '今日は東京で雨が降った' });
    expect(noteMatches(diary, '東京')).toBe(true);
    expect(noteMatches(diary, '大阪')).toBe(false);
  });

  it('never matches the body of a locked note, only its title and tags', () => {
    const secret = note({ title: 'Diary', body: 'the surprise party plan', tags: ['private'], locked: true });
    expect(noteMatches(secret, 'surprise')).toBe(false);
    expect(noteMatches(secret, 'diary')).toBe(true);
    expect(noteMatches(secret, 'priv')).toBe(true);
  });
});

describe('note search after a change', () => {
  it('sees a changed body and a lock set on the same note', () => {
    const first = { id: 'same', title: 'Plans', body: 'picnic', tags: [], locked: false };
    expect(noteMatches(first, 'picnic')).toBe(true);
    expect(noteMatches({ ...first, body: 'concert' }, 'picnic')).toBe(false);
    expect(noteMatches({ ...first, body: 'concert' }, 'conc')).toBe(true);
    expect(noteMatches({ ...first, body: 'concert', locked: true }, 'conc')).toBe(false);
  });
});
