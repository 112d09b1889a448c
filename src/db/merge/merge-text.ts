import { diffArrays } from 'diff';

/** The outcome of a three-way merge: the merged text, and whether both sides survived whole. */
export interface TextMerge {
  text: string;
  /**
   * False when both sides changed the same words differently: there `ours` was kept, and the caller
   * must keep `theirs` elsewhere (a conflict) so no word is lost.
   */
  clean: boolean;
}

/**
 * Words, runs of white space, and any other single code point. Merging on these rather than on
 * characters keeps two edits of one word from interleaving into a word nobody wrote; a token never
 * splits a code point, so emoji and right-to-left text survive whole.
 */
const TOKEN = /\s+|[\p{L}\p{N}\p{M}\p{Pc}'’]+|[^]/gu;

/**
 * Beyond this many tokens of difference between the base and one side, the diff stops and the merge
 * is reported as not clean (ours kept, theirs to a conflict): a bound on the work, not on correctness.
 */
const MAX_EDIT_TOKENS = 2_000;

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** One side's replacement of the base tokens [start, end) by `tokens` (start === end: an insertion). */
interface Hunk {
  start: number;
  end: number;
  tokens: string[];
  side: 'ours' | 'theirs';
}

function hunksOf(base: string[], side: string[], name: Hunk['side']): Hunk[] | null {
  const changes = diffArrays(base, side, { maxEditLength: MAX_EDIT_TOKENS });
  if (!changes) return null;
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | null = null;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = null;
      at += change.count;
      continue;
    }
    if (!open) {
      open = { start: at, end: at, tokens: [], side: name };
      hunks.push(open);
    }
    if (change.removed) {
      at += change.count;
      open.end = at;
    } else {
      open.tokens.push(...change.value);
    }
  }
  return hunks;
}

/** Insertions sort before a replacement starting at the same token, so they land in front of it. */
function byPosition(a: Hunk, b: Hunk): number {
  return a.start - b.start || a.end - a.start - (b.end - b.start);
}

/**
 * Whether `next` touches the same base tokens as the cluster [start, end): it starts inside the
 * cluster's range, or both are insertions at one point (their order would be a guess). Hunks that only
 * meet at a boundary both apply, one after the other.
 */
function overlaps(start: number, end: number, next: Hunk): boolean {
  if (next.start < end) return true;
  return start === end && next.start === start && next.end === next.start;
}

/** The text of base[start, end) with the given hunks (all inside that range, in order) applied. */
function applyHunks(base: string[], start: number, end: number, hunks: Hunk[]): string {
  let text = '';
  let at = start;
  for (const hunk of hunks) {
    text += base.slice(at, hunk.start).join('') + hunk.tokens.join('');
    at = hunk.end;
  }
  return text + base.slice(at, end).join('');
}

/**
 * Three-way merge of two edits of one text that both started from `base` (sync.md R38, ADR 0126):
 * each side's changes are found by diffing it against the base (jsdiff's Myers diff over word tokens),
 * and changes to different words both apply. Where both sides changed the same words, an identical
 * change applies once and a different one keeps `ours`, and the merge is not clean.
 */
export function mergeText(base: string, ours: string, theirs: string): TextMerge {
  if (ours === theirs) return { text: ours, clean: true };
  if (theirs === base) return { text: ours, clean: true };
  if (ours === base) return { text: theirs, clean: true };
  const baseTokens = tokens(base);
  const ourHunks = hunksOf(baseTokens, tokens(ours), 'ours');
  const theirHunks = ourHunks && hunksOf(baseTokens, tokens(theirs), 'theirs');
  if (!ourHunks || !theirHunks) return { text: ours, clean: false };

  const all = [...ourHunks, ...theirHunks].sort(byPosition);
  let text = '';
  let clean = true;
  let at = 0;
  let index = 0;
  while (index < all.length) {
    const first = all[index] as Hunk;
    const cluster = [first];
    let start = first.start;
    let end = first.end;
    index += 1;
    while (index < all.length && overlaps(start, end, all[index] as Hunk)) {
      const next = all[index] as Hunk;
      cluster.push(next);
      start = Math.min(start, next.start);
      end = Math.max(end, next.end);
      index += 1;
    }
    text += baseTokens.slice(at, start).join('');
    at = end;
    const ourPart = cluster.filter((hunk) => hunk.side === 'ours');
    const theirPart = cluster.filter((hunk) => hunk.side === 'theirs');
    const oursText = applyHunks(baseTokens, start, end, ourPart);
    if (theirPart.length === 0) {
      text += oursText;
      continue;
    }
    const theirsText = applyHunks(baseTokens, start, end, theirPart);
    if (ourPart.length > 0 && oursText !== theirsText) clean = false;
    text += ourPart.length > 0 ? oursText : theirsText;
  }
  text += baseTokens.slice(at).join('');
  return { text, clean };
}
