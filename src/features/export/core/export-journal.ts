import type { MurmurDatabase } from '../../../db/schema.ts';
import type { DayRange } from './archive-format.ts';
import { readJournal } from './read-journal.ts';
import { archiveBlob, type ArchiveProgress } from './write-archive.ts';

/** The whole journal (or a range of days) as a Murmur archive, from local data only (works offline). */
export async function exportJournal(
  db: MurmurDatabase,
  now: Date,
  range: DayRange | null,
  onProgress?: (progress: ArchiveProgress) => void,
): Promise<Blob> {
  return archiveBlob(await readJournal(db, now.toISOString(), range), onProgress);
}

/** murmur-2026-11-22.zip, or murmur-2026-01-01-to-2026-03-31.zip for a range. */
export function archiveFileName(now: Date, range: DayRange | null): string {
  return range ? `murmur-${range.from}-to-${range.to}.zip` : `murmur-${now.toISOString().slice(0, 10)}.zip`;
}
