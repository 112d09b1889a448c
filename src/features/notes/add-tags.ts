export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/**
 * Adds the tags in what was typed or pasted — one, or several separated by commas or line breaks — each
 * trimmed, without leading #, and not twice (ignoring case); or says why not, adding none then.
 */
export function addTags(tags: readonly string[], typed: string): string[] | 'empty' | 'long' | 'full' {
  const added = typed
    .split(/[,\n]/)
    .map((part) => part.trim().replace(/^#+/, '').trim())
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
