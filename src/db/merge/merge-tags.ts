/**
 * Three-way merge of two edits of one tag list that both started from `base` (sync.md R38): a set
 * merge, so a tag added on one side and another removed on the other both hold. `theirs` keeps its
 * order; our additions follow it in ours' order.
 */
export function mergeTags(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
): string[] {
  const before = new Set(base);
  const mine = new Set(ours);
  const removed = new Set(base.filter((tag) => !mine.has(tag)));
  const added = ours.filter((tag) => !before.has(tag));
  const merged = theirs.filter((tag) => !removed.has(tag));
  for (const tag of added) if (!merged.includes(tag)) merged.push(tag);
  return merged;
}
