/** The first search, then a word typed a letter at a time and another after it. */
export const NOTE_SEARCHES = [
  'lisbon walk',
  'm',
  'mo',
  'mor',
  'morn',
  'morni',
  'mornin',
  'morning',
  'morning g',
  'morning ga',
  'morning gar',
] as const;
