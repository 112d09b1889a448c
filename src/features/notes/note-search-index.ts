import { queryWords, searchedWordsOf, type SearchableNote } from './note-search.ts';

/**
 * An inverted index over notes in list order, answering the same question as `noteMatches` (each query
 * word begins a word of the note; a CJK word appears inside one) without reading every note's text on
 * each keystroke: a query word finds the words it begins by binary search in the sorted vocabulary, and
 * only the notes those words are in are counted. Built once per list of notes, after a change.
 */
export class NoteSearchIndex {
  private readonly count: number;
  /** Every distinct word, sorted, and for each the positions (ascending) of the notes it is in. */
  private readonly vocabulary: string[];
  private readonly postings: Map<string, number[]>;

  constructor(notes: readonly SearchableNote[]) {
    this.count = notes.length;
    this.postings = new Map();
    notes.forEach((note, position) => {
      for (const word of searchedWordsOf(note)) {
        const list = this.postings.get(word);
        if (list) list.push(position);
        else this.postings.set(word, [position]);
      }
    });
    this.vocabulary = [...this.postings.keys()].sort();
  }

  /** The positions, in list order, of the notes matching `query` ('' and separators alone match all). */
  search(query: string): number[] {
    const { prefixes, inside } = queryWords(query);
    const count = this.count;
    const wanted = prefixes.length + inside.length;
    if (wanted === 0) return Array.from({ length: count }, (_, position) => position);
    // hits[position] = how many of the query's words the note has matched so far; a note's several words
    // under one query word count once, since only a note at exactly `k` moves on to k + 1.
    const hits = new Uint32Array(count);
    const countNotesWith = (word: string, k: number) => {
      for (const position of this.postings.get(word) ?? []) if (hits[position] === k) hits[position] = k + 1;
    };
    prefixes.forEach((prefix, k) => {
      for (let at = this.firstAtOrAfter(prefix); at < this.vocabulary.length; at += 1) {
        const word = this.vocabulary[at] as string;
        if (!word.startsWith(prefix)) break;
        countNotesWith(word, k);
      }
    });
    // A CJK word may sit anywhere inside a note's word: the vocabulary, not every note, is searched.
    inside.forEach((part, offset) => {
      for (const word of this.vocabulary)
        if (word.includes(part)) countNotesWith(word, prefixes.length + offset);
    });
    const found: number[] = [];
    for (let position = 0; position < count; position += 1)
      if (hits[position] === wanted) found.push(position);
    return found;
  }

  private firstAtOrAfter(prefix: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.vocabulary[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
