/** Ends a part the way a reader would pause there, unless the writer already ended it. */
const ENDS_A_SENTENCE = /[.!?…:;]$/u;

/**
 * Joins what is read aloud, one sentence per part: a voice runs a title straight into the body unless a
 * full stop parts them. Blank parts are left out, so an untitled note is not read as "dot, body", and
 * nothing at all comes back when every part is blank (the read-aloud button then hides itself).
 */
export function spokenText(parts: readonly string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part, index, all) => (index < all.length - 1 && !ENDS_A_SENTENCE.test(part) ? `${part}.` : part))
    .join(' ');
}
