import type { MoodLevel } from './mood-levels.ts';
import { moodLevel } from './mood-levels.ts';

/** Mouth shapes from a deep frown (1) to a wide smile (5). */
const MOUTHS: Record<MoodLevel, string> = {
  1: 'M8 17 Q12 12.5 16 17',
  2: 'M8.5 16.5 Q12 14.5 15.5 16.5',
  3: 'M8.5 15.5 L15.5 15.5',
  4: 'M8.5 14.5 Q12 17 15.5 14.5',
  5: 'M7.5 13.5 Q12 19.5 16.5 13.5',
};

/** A face for a mood level on its colour; decorative unless given a label. */
export function MoodIcon({ level, size = 32, label }: { level: MoodLevel; size?: number; label?: string }) {
  const { color } = moodLevel(level);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <circle cx="12" cy="12" r="11" fill={color} stroke="#1f1a17" strokeWidth="1" />
      <circle cx="8.5" cy="9.5" r="1.3" fill="#1f1a17" />
      <circle cx="15.5" cy="9.5" r="1.3" fill="#1f1a17" />
      <path d={MOUTHS[level]} fill="none" stroke="#1f1a17" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
