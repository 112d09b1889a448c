export { MoodCheckIn } from './mood-check-in.tsx';
export { MoodDay } from './mood-day.tsx';
export { MoodIcon } from './mood-icon.tsx';
export { MOOD_LEVELS, moodLevel } from './mood-levels.ts';
export type { MoodLevel } from './mood-levels.ts';
export { useDayEntries } from './use-day-entries.ts';
