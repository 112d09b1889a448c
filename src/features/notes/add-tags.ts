export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/** What ends a tag: a comma, a semicolon or any white space (a tag is one word, like a hashtag). */
export const TAG_SEPARATOR = /[,;\s]/;

/** Punctuation around a word ("#home", "home.", "(garden)"); inside one ("self-care") it stays. */
const SURROUNDING_PUNCTUATION = /^\p{P}+|\p{P}+$/gu;

/**
 * Adds the tags in what was typed or pasted — one, or several separated by commas, semicolons or white
 * space — each without the punctuation around it, and not twice (ignoring case); or says why not,
 * adding none then.
 */
export function addTags(tags: readonly string[], typed: string): string[] | 'empty' | 'long' | 'full' {
  const added = typed
    .split(TAG_SEPARATOR)
    .map((part) => part.replace(SURROUNDING_PUNCTUATION, ''))
    .filter((tag) => tag !== '');
  if (added.length === 0) return 'empty';
  if (added.some((tag) => tag.length > MAX_TAG_LENGTH)) return 'long';
  const next = [...tags];
  for (const tag of added) {
    if (next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
    if (next.length >= MAX_TAGS) return 'full';
    next.push(tag);
  }
  return next;
}
