import type { Note } from '../../db/entities/note.ts';

/** The fields search reads; a locked note's body is never among them. */
export type SearchableNote = Pick<Note, 'title' | 'body' | 'tags' | 'locked'>;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Lower case, without diacritics (é → e, ß → ss), so "cafe" finds "Café" and "strasse" finds "Straße". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

/** The words of a text, folded; anything that is not a letter or digit separates words. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * One string per note with every word preceded by a space, so a prefix test is one `includes`. Cached
 * per note object: typing in the search box re-uses it; a changed note is a new object from the query.
 */
const haystacks = new WeakMap<SearchableNote, string>();

function haystackOf(note: SearchableNote): string {
  let haystack = haystacks.get(note);
  if (haystack === undefined) {
    const parts = [note.title, ...note.tags];
    if (!note.locked) parts.push(note.body);
    haystack = ` ${parts.flatMap(searchWords).join(' ')}`;
    haystacks.set(note, haystack);
  }
  return haystack;
}

/**
 * Whether a note matches a query: every query word must begin a word of the title, a tag or the body
 * (diacritics and case ignored). Scripts written without spaces (Chinese, Japanese, Korean) match
 * anywhere inside a word instead. A locked note is found by its title and tags only.
 * The full-text index that replaces this later keeps the same contract.
 */
export function noteMatches(note: SearchableNote, query: string): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const haystack = haystackOf(note);
  return words.every((word) => haystack.includes(CJK.test(word) ? word : ` ${word}`));
}
