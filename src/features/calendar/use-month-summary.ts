import { createDayFinder } from '../../lib/dates/day-finder.ts';
import { addDays, type Day } from '../../lib/dates/day.ts';
import { usePacedLiveQuery } from '../../lib/live-query/use-paced-live-query.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { deviceTimeZone } from '../../lib/dates/time-zone.ts';

export interface DaySummary {
  /** Mean mood level of the day's check-ins, rounded; null without a check-in. */
  mood: number | null;
  moods: number;
  diary: number;
  notes: number;
  recordings: number;
}

const EMPTY: DaySummary = { mood: null, moods: 0, diary: 0, notes: 0, recordings: 0 };

const TABLES = ['mood_entries', 'diary_entries', 'notes', 'recordings'];

/**
 * What happened on each day from `first` to `last`, live (paced: a sync writing a month of entries
 * does not read the month again after every commit). Check-ins count on the day they happened in their
 * own zone; notes and recordings on the day they were created on this device's calendar.
 */
export function useRangeSummary(first: Day, last: Day): Map<Day, DaySummary> | undefined {
  return usePacedLiveQuery(
    useUserData()?.db,
    TABLES,
    async (db) => {
      const localZone = deviceTimeZone();
      const findDay = createDayFinder();
      const localDay = (instant: string) => findDay(instant, localZone);
      const from = `${addDays(first, -2)}T`;
      const to = `${addDays(last, 2)}T\uffff`;
      const alive = <T extends { deleted_at: string | null }>(row: T) => row.deleted_at === null;
      const [moods, diary, notes, recordings] = await Promise.all([
        db.mood_entries.where('moment').between(from, to).filter(alive).toArray(),
        db.diary_entries.where('day').between(first, last, true, true).filter(alive).toArray(),
        db.notes.where('created_at').between(from, to).filter(alive).toArray(),
        db.recordings.filter((row) => alive(row) && row.created_at >= from && row.created_at <= to).toArray(),
      ]);
      const summary = new Map<Day, DaySummary>();
      const bump = (day: Day, change: (current: DaySummary) => DaySummary) => {
        if (day < first || day > last) return;
        summary.set(day, change(summary.get(day) ?? EMPTY));
      };
      const levels = new Map<Day, number[]>();
      for (const entry of moods) {
        const day = findDay(entry.moment, entry.time_zone);
        bump(day, (current) => ({ ...current, moods: current.moods + 1 }));
        levels.set(day, [...(levels.get(day) ?? []), entry.level]);
      }
      for (const [day, values] of levels) {
        bump(day, (current) => ({
          ...current,
          mood: Math.round(values.reduce((sum, value) => sum + value, 0) / values.length),
        }));
      }
      for (const entry of diary) bump(entry.day, (current) => ({ ...current, diary: current.diary + 1 }));
      for (const note of notes)
        bump(localDay(note.created_at), (current) => ({ ...current, notes: current.notes + 1 }));
      for (const recording of recordings) {
        bump(localDay(recording.created_at), (current) => ({
          ...current,
          recordings: current.recordings + 1,
        }));
      }
      return summary;
    },
    [first, last],
  );
}
