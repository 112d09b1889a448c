const WORD = /[\p{L}\p{N}\p{M}\p{Pc}'’]+/gu;

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.match(WORD) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/**
 * True when `merged` holds every word of each of `sides`, as often as that side has it. A three-way
 * merge reads a word the base has and a side lacks as that side's deletion; when the side did not start
 * from that base (another device's value, or words never pushed), the word was never deleted, and a
 * merge that drops it loses it. Callers keep both sides whole instead (sync.md R38, R40).
 */
export function keepsEveryWord(merged: string, ...sides: string[]): boolean {
  const kept = wordCounts(merged);
  return sides.every((side) =>
    [...wordCounts(side)].every(([word, count]) => (kept.get(word) ?? 0) >= count),
  );
}
