import type { Note } from '../../db/entities/note.ts';
import { searchWords } from '../../lib/search/search-words.ts';

/** The fields search reads; a locked note's body is never among them. */
export type SearchableNote = Pick<Note, 'id' | 'title' | 'body' | 'tags' | 'locked'>;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

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
