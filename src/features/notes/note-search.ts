import type { Note } from '../../db/entities/note.ts';

/** The fields search reads; a locked note's body is never among them. */
export type SearchableNote = Pick<Note, 'id' | 'title' | 'body' | 'tags' | 'locked'>;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const NON_ASCII = /[^ -~]/; // anything outside printable ASCII
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;

/** Lower case, without diacritics (é → e, ß → ss), so "cafe" finds "Café" and "strasse" finds "Straße". */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most text is ASCII: skip the Unicode decomposition, the costliest step, when it cannot change anything.
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss');
}

/** The folded parts of each word seen, so a word repeated across notes is folded once. Bounded below. */
const foldedWords = new Map<string, readonly string[]>();
const MAX_FOLDED_WORDS = 200_000;

function foldWord(word: string): readonly string[] {
  let parts = foldedWords.get(word);
  if (parts === undefined) {
    // Folding can leave separators behind (a compatibility form such as "½" becomes "1⁄2").
    parts = foldText(word)
      .split(SEPARATORS)
      .filter((part) => part.length > 0);
    if (foldedWords.size >= MAX_FOLDED_WORDS) foldedWords.clear();
    foldedWords.set(word, parts);
  }
  return parts;
}

/** The words of a text, folded; anything that is not a letter, mark or digit separates words. */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(SEPARATORS)) {
    if (word.length === 0) continue;
    for (const part of foldWord(word)) words.push(part);
  }
  return words;
}

interface CachedHaystack {
  note: SearchableNote;
  /** The note's distinct folded words. */
  words: readonly string[];
  haystack: string;
}

/**
 * One string per note holding each distinct word once, each preceded by a space, so a prefix test is
 * one `includes`. Cached by id and reused while the searched fields are unchanged: the live query hands
 * over new objects after every write, but only the notes that changed are folded again.
 */
const cache = new Map<string, CachedHaystack>();

function sameSearchedFields(a: SearchableNote, b: SearchableNote): boolean {
  return (
    a.locked === b.locked &&
    a.title === b.title &&
    (a.locked || a.body === b.body) &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => tag === b.tags[index])
  );
}

function cachedWordsOf(note: SearchableNote): CachedHaystack {
  const cached = cache.get(note.id);
  if (cached && (cached.note === note || sameSearchedFields(cached.note, note))) {
    cached.note = note;
    return cached;
  }
  const distinct = new Set<string>();
  const parts = note.locked ? [note.title, ...note.tags] : [note.title, ...note.tags, note.body];
  for (const part of parts) for (const word of searchWords(part)) distinct.add(word);
  const words = [...distinct];
  const entry = { note, words, haystack: ` ${words.join(' ')}` };
  cache.set(note.id, entry);
  return entry;
}

/** The note's distinct folded words in one string, each after a space: a prefix test is one `includes`. */
function searchedTextOf(note: SearchableNote): string {
  return cachedWordsOf(note).haystack;
}

/** The distinct folded words search finds a note by: a locked note's body is not among them. */
export function searchedWordsOf(note: SearchableNote): readonly string[] {
  return cachedWordsOf(note).words;
}

/** A query's words: each must begin a word of the note, or for CJK (`inside`) appear inside one. */
export interface QueryWords {
  prefixes: string[];
  inside: string[];
}

export function queryWords(query: string): QueryWords {
  const prefixes: string[] = [];
  const inside: string[] = [];
  for (const word of searchWords(query)) (CJK.test(word) ? inside : prefixes).push(word);
  return { prefixes, inside };
}

/**
 * Whether a note matches a query: every query word must begin a word of the title, a tag or the body
 * (diacritics and case ignored). Scripts written without spaces (Chinese, Japanese, Korean) match
 * anywhere inside a word instead. A locked note is found by its title and tags only. This is the rule;
 * the notes list asks it of ten thousand notes per keystroke through NoteSearchIndex, which keeps it.
 */
export function noteMatches(note: SearchableNote, query: string): boolean {
  const { prefixes, inside } = queryWords(query);
  const haystack = searchedTextOf(note);
  return (
    prefixes.every((prefix) => haystack.includes(` ${prefix}`)) &&
    inside.every((part) => haystack.includes(part))
  );
}
