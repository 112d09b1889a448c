// How every search in Murmur folds text into words (the notes filter and the journal search alike).
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
