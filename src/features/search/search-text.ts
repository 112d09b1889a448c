import { foldText, searchWords } from '../../lib/search/search-words.ts';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Index terms of a text: its folded words (case and diacritics ignored); a word in a script written
 * without spaces (Chinese, Japanese, Korean) also gives its overlapping character pairs, so a query of
 * two or more characters finds it anywhere inside a run.
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of searchWords(text)) {
    terms.push(word);
    if (CJK.test(word)) {
      const characters = [...word];
      for (let i = 0; i + 1 < characters.length; i++) terms.push(`${characters[i]}${characters[i + 1]}`);
    }
  }
  return terms;
}

/** Query terms: folded words; a CJK word of more than two characters is looked up by its pairs. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const word of searchWords(query)) {
    const characters = [...word];
    if (CJK.test(word) && characters.length > 2) {
      for (let i = 0; i + 1 < characters.length; i++) terms.push(`${characters[i]}${characters[i + 1]}`);
    } else terms.push(word);
  }
  return terms;
}

export interface Segment {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const SNIPPET_RADIUS = 60;

/**
 * A short piece of `text` around the first word that a query term begins (or, in CJK, contains),
 * split into segments so the matches can be marked without building HTML from the user's text.
 */
export function snippet(text: string, terms: readonly string[]): Segment[] {
  const matches: [number, number][] = [];
  for (const found of text.matchAll(WORD)) {
    const folded = foldText(found[0]);
    if (terms.some((term) => (CJK.test(term) ? folded.includes(term) : folded.startsWith(term))))
      matches.push([found.index, found.index + found[0].length]);
  }
  const first = matches[0];
  const from = first ? Math.max(0, first[0] - SNIPPET_RADIUS) : 0;
  const to = Math.min(text.length, (first ? first[1] : 0) + SNIPPET_RADIUS * 2);
  const segments: Segment[] = [];
  let at = from;
  for (const [start, end] of matches) {
    if (end <= from || start >= to) continue;
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(Math.max(start, at), Math.min(end, to)), match: true });
    at = Math.min(end, to);
  }
  if (at < to) segments.push({ text: text.slice(at, to), match: false });
  if (from > 0) segments.unshift({ text: '…', match: false });
  if (to < text.length) segments.push({ text: '…', match: false });
  return segments;
}
