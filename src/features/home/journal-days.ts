import { forEachChunk } from '../../db/read-in-chunks.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { createDayFinder } from '../../lib/dates/day-finder.ts';
import type { Day } from '../../lib/dates/day.ts';

/**
 * Rows per read. A cursor over ten thousand notes took 2.3 s at 4× CPU (an event per row); reads of 500
 * rows take about 50 ms each there, so a tap gets in between.
 */
const CHUNK = 500;

/**
 * Every day that has a live mood check-in, diary entry or note: a check-in's day in its own zone, a
 * note's in the device's (`localZone`), a diary entry's as written. Stops reading once `signal` is
 * aborted (the screen that asked has gone), rejecting with its reason.
 */
export async function journalDays(
  db: MurmurDatabase,
  localZone: string,
  signal?: AbortSignal,
): Promise<Set<Day>> {
  const findDay = createDayFinder();
  const days = new Set<Day>();
  // Each chunk is placed on days as it arrives, so that work is spread over the reads' tasks too.
  await Promise.all([
    forEachChunk(
      db.diary_entries,
      CHUNK,
      (diary) => {
        for (const entry of diary) if (entry.deleted_at === null) days.add(entry.day);
      },
      signal,
    ),
    forEachChunk(
      db.mood_entries,
      CHUNK,
      (moods) => {
        for (const entry of moods)
          if (entry.deleted_at === null) days.add(findDay(entry.moment, entry.time_zone));
      },
      signal,
    ),
    forEachChunk(
      db.notes,
      CHUNK,
      (notes) => {
        for (const note of notes) if (note.deleted_at === null) days.add(findDay(note.created_at, localZone));
      },
      signal,
    ),
  ]);
  return days;
}

/**
 * journalDays in a read transaction of its own, so the days come from one moment of the journal even
 * while a sync commits between its chunks (home reads it paced, ADR 0105; under a Dexie live query the
 * transaction also kept the live-query cache from holding every row, ADR 0101).
 */
export function readJournalDays(
  db: MurmurDatabase,
  localZone: string,
  signal?: AbortSignal,
): Promise<Set<Day>> {
  return db.transaction('r', [db.diary_entries, db.mood_entries, db.notes], () =>
    journalDays(db, localZone, signal),
  );
}
