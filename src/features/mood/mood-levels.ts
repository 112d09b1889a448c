/**
 * The five mood levels. Colours are ColorBrewer's 5-class RdYlBu, a diverging scheme that stays
 * distinguishable with the common colour-vision deficiencies; every level also has its own face and
 * label, so colour is never the only cue.
 */
export type MoodLevel = 1 | 2 | 3 | 4 | 5;

export interface MoodLevelInfo {
  level: MoodLevel;
  /** i18n key under mood.levels. */
  key: 'awful' | 'bad' | 'okay' | 'good' | 'great';
  color: string;
  /** Text on `color`: whichever of near-black and white keeps WCAG's 4.5:1 contrast there. */
  ink: string;
}

export const MOOD_LEVELS: readonly MoodLevelInfo[] = [
  { level: 1, key: 'awful', color: '#d7191c', ink: '#ffffff' },
  { level: 2, key: 'bad', color: '#fdae61', ink: '#1f1a17' },
  { level: 3, key: 'okay', color: '#ffffbf', ink: '#1f1a17' },
  { level: 4, key: 'good', color: '#abd9e9', ink: '#1f1a17' },
  { level: 5, key: 'great', color: '#2c7bb6', ink: '#ffffff' },
];

export function moodLevel(level: number): MoodLevelInfo {
  const info = MOOD_LEVELS.find((entry) => entry.level === level);
  if (!info) throw new Error(`no mood level ${level}`);
  return info;
}

/** Offered before the user has made the list their own (product-anchors: Daylio's starter set). */
export const DEFAULT_ACTIVITIES: readonly string[] = [
  'work',
  'family',
  'friends',
  'exercise',
  'sleep',
  'food',
  'nature',
  'reading',
  'music',
  'travel',
];
