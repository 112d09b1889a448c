import type { TFunction } from 'i18next';

import { listFormat } from '../../lib/i18n/intl-formats.ts';
import { spokenText } from '../../ui/spoken-text.ts';
import { moodLevel, type MoodLevel } from './mood-levels.ts';

export interface SpokenMoodEntry {
  level: MoodLevel | null;
  /** Already formatted for the user's language ("9:30 AM", "09:30"). */
  time: string;
  activities: readonly string[];
  note: string;
}

/**
 * What read-aloud says for a check-in: "Good at 9:30 AM. Activities: Work and Family. <note>" — the
 * card's own reading order, so the note is heard with the mood and the doings it was written about
 * (a note like "better after the walk" means little on its own). Activities get their label and a
 * spoken list ("and", not commas) because bare words run together when heard.
 *
 * Empty when the note is blank: the level, time and activities are already the card's title and label,
 * and a button on every check-in of the day only to hear "Good at 9:30 AM" would be tab-stop noise.
 * Read-aloud is for hearing back what the user wrote.
 */
export function moodEntrySpeech(t: TFunction, locale: string, entry: SpokenMoodEntry): string {
  if (entry.note.trim() === '') return '';
  const activities = entry.activities.map((activity) =>
    t(`mood.activities.${activity}`, { defaultValue: activity }),
  );
  return spokenText([
    entry.level === null
      ? ''
      : t('mood.entryLabel', { level: t(`mood.levels.${moodLevel(entry.level).key}`), time: entry.time }),
    activities.length === 0
      ? ''
      : t('mood.speech.activities', {
          list: listFormat(locale, { type: 'conjunction' }).format(activities),
        }),
    entry.note,
  ]);
}
