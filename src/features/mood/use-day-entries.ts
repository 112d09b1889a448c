import type { DiaryEntry } from '../../db/entities/diary-entry.ts';
import type { MoodEntry } from '../../db/entities/mood-entry.ts';
import type { Note } from '../../db/entities/note.ts';
import { createDayFinder } from '../../lib/dates/day-finder.ts';
import { addDays, type Day } from '../../lib/dates/day.ts';
import { usePacedLiveQuery } from '../../lib/live-query/use-paced-live-query.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { deviceTimeZone } from '../../lib/dates/time-zone.ts';

export interface DayEntries {
  moods: MoodEntry[];
  diary: DiaryEntry[];
  /** Notes created that day on this device's calendar (titles only are shown: a body may be locked). */
  notes: Note[];
}

const WITH_NOTES = ['mood_entries', 'diary_entries', 'notes'];
const WITHOUT_NOTES = ['mood_entries', 'diary_entries'];

/**
 * Everything written on `day`, read live from this device's database (paced: a sync's commits do not
 * read the day again one after another). A mood check-in belongs to the day it happened on in its own
 * time zone (an entry made while travelling stays on the day the user lived it). Moments are stored in
 * UTC, so a ±2-day window on the index finds every candidate. With `notes` false the day's notes are
 * neither read nor watched (`notes` is then empty): for a screen that does not list them.
 */
export function useDayEntries(day: Day, { notes: withNotes = true } = {}): DayEntries | undefined {
  return usePacedLiveQuery(
    useUserData()?.db,
    withNotes ? WITH_NOTES : WITHOUT_NOTES,
    async (db) => {
      const localZone = deviceTimeZone();
      const findDay = createDayFinder();
      // Check-ins and diary entries are a few a day: each range is read in one request and filtered
      // here, where a Dexie filter would walk a cursor, a round trip per row (on every change another
      // device makes). A day's notes can be thousands (an import): their cursor keeps each task short.
      const [moodsNearby, diaryOfDay, notes] = await Promise.all([
        db.mood_entries
          .where('moment')
          .between(`${addDays(day, -2)}T`, `${addDays(day, 2)}T\uffff`)
          .toArray(),
        db.diary_entries.where('day').equals(day).toArray(),
        withNotes
          ? db.notes
              .where('created_at')
              .between(`${addDays(day, -2)}T`, `${addDays(day, 2)}T\uffff`)
              .filter((note) => note.deleted_at === null && findDay(note.created_at, localZone) === day)
              .toArray()
          : [],
      ]);
      const moods = moodsNearby.filter(
        (entry) => entry.deleted_at === null && findDay(entry.moment, entry.time_zone) === day,
      );
      const diary = diaryOfDay.filter((entry) => entry.deleted_at === null);
      moods.sort((a, b) => a.moment.localeCompare(b.moment));
      diary.sort((a, b) => a.created_at.localeCompare(b.created_at));
      notes.sort((a, b) => a.created_at.localeCompare(b.created_at));
      return { moods, diary, notes };
    },
    [day, withNotes],
  );
}
