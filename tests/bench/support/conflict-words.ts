/**
 * The words the conflict cases write, the same for Murmur and for the peer. Each raced note starts as
 * the first seeded note of a fresh account ("Body of note 0" for both systems); each edit adds words
 * found nowhere else, so what survives is read by looking for them.
 */
export const CONFLICT_WORDS = {
  original: 'Body of note 0',
  /** Device A's offline edit in the two-edits case: words at the end. */
  aAppends: ' Soup for dinner.',
  /** Device B's offline edit in the two-edits case: words at the start. */
  bPrepends: 'Up early. ',
  /** Device A's offline edit in the edit-against-delete case. */
  aBeforeDelete: ' Boots and socks.',
} as const;
