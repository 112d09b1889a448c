import { describe, expect, it } from 'vitest';

import { createPrng } from '../../testing/sync/prng.ts';
import { NoteSearchIndex } from './note-search-index.ts';
import { noteMatches, type SearchableNote } from './note-search.ts';

const WORDS = [
  'Café',
  'cafeteria',
  'crème',
  'Straße',
  'garden',
  'gardener',
  'über',
  'naïve',
  '東京タワー',
  '大阪',
  'x1',
];
const QUERIES = [
  '',
  ' ,;',
  'c',
  'caf',
  'cafe',
  'CAFÉ',
  'strasse',
  'gard',
  'gardener',
  'uber naive',
  '東京',
  'タワー',
  'x',
  'zzz',
  'café 東京',
  'g c',
];

function randomNotes(seed: number, count: number): SearchableNote[] {
  const prng = createPrng(seed);
  const words = (most: number) => Array.from({ length: prng.int(0, most) }, () => prng.pick(WORDS)).join(' ');
  return Array.from({ length: count }, (_, index) => ({
    id: `seed-${seed}-note-${index}`,
    title: words(3),
    body: words(12),
    tags: prng.chance(0.3) ? [prng.pick(['travel', 'Küche'])] : [],
    locked: prng.chance(0.2),
  }));
}

describe('note search index', () => {
  it('finds exactly the notes the matching rule finds, in list order (seeded)', () => {
    const seed = Number(process.env['SEED'] ?? 20261127);
    console.info(`note search index seed: ${seed} (SEED=… to repeat)`);
    for (let round = 0; round < 20; round += 1) {
      const notes = randomNotes(seed + round, 60);
      const index = new NoteSearchIndex(notes);
      for (const query of QUERIES) {
        const expected = notes.flatMap((note, position) => (noteMatches(note, query) ? [position] : []));
        expect(index.search(query), `seed ${seed + round}, query "${query}"`).toEqual(expected);
      }
    }
  });

  it('never finds a locked note by its body', () => {
    const notes: SearchableNote[] = [
      { id: 'open', title: 'Plans', body: 'surprise party', tags: [], locked: false },
      { id: 'shut', title: 'Diary', body: 'surprise gift', tags: [], locked: true },
    ];
    const index = new NoteSearchIndex(notes);
    expect(index.search('surprise')).toEqual([0]);
    expect(index.search('diary')).toEqual([1]);
  });
});
