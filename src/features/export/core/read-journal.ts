import type { Stored } from '../../../db/entities/common.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchiveRecording,
  type ArchiveSettings,
  type DayRange,
  type MurmurArchive,
} from './archive-format.ts';
import { dayOf } from '../../../lib/dates/day.ts';

function strip<T>(row: Stored<T>): T {
  const { _sync: _bookkeeping, ...data } = row;
  return data as T;
}

const inRange = (day: string, range: DayRange | null) => !range || (day >= range.from && day <= range.to);

/**
 * Everything the user has in this journal (trash included: it is theirs too) as the archive's JSON.
 * A range keeps entries whose day falls in it: a diary entry's day, a check-in's day in its own time
 * zone, a note's or recording's creation day (UTC: notes carry no time zone).
 */
export async function readJournal(
  db: MurmurDatabase,
  exportedAt: string,
  range: DayRange | null = null,
): Promise<MurmurArchive> {
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const notes = (await db.notes.toArray())
    .map(strip)
    .filter((n) => inRange(n.created_at.slice(0, 10), range))
    .sort(byId);
  const diary = (await db.diary_entries.toArray())
    .map(strip)
    .filter((d) => inRange(d.day, range))
    .sort(byId);
  const moods = (await db.mood_entries.toArray())
    .map(strip)
    .filter((m) => inRange(dayOf(m.moment, m.time_zone), range))
    .sort(byId);
  const recordings: ArchiveRecording[] = (await db.recordings.toArray())
    .map(strip)
    .filter((r) => inRange(r.created_at.slice(0, 10), range))
    .map(({ storage_path: _path, uploaded_at: _uploaded, ...rest }) => rest)
    .sort(byId);
  const kept = new Set([...notes, ...diary, ...moods, ...recordings].map((row) => row.id));
  const conflicts = (await db.conflicts.toArray())
    .map(strip)
    .filter((c) => !range || kept.has(c.row_id))
    .sort(byId);
  const stored = await db.user_settings.get(db.userId);
  let settings: ArchiveSettings | null = null;
  if (stored) {
    const { id: _id, openrouter_api_key: _k1, openai_api_key: _k2, ...rest } = strip(stored);
    settings = rest;
  }
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: exportedAt,
    range,
    notes,
    diary_entries: diary,
    mood_entries: moods,
    recordings,
    settings,
    conflicts,
  };
}
