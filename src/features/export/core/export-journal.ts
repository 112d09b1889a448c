import type { MurmurDatabase } from '../../../db/schema.ts';
import type { DayRange } from './archive-format.ts';
import { readJournal } from './read-journal.ts';
import { recordingAudio, type AudioDownload } from './recording-audio.ts';
import { archiveBlob, type ArchiveOutcome, type ArchiveProgress } from './write-archive.ts';

export interface ExportOptions {
  onProgress?: (progress: ArchiveProgress) => void;
  /** Fetches audio this device no longer holds; without it (offline) such audio is reported missing. */
  download?: AudioDownload;
}

/**
 * The whole journal (or a range of days) as a Murmur archive, from local data (works offline), with
 * every recording's audio this device holds or, given `download`, can fetch.
 */
export async function exportJournal(
  db: MurmurDatabase,
  now: Date,
  range: DayRange | null,
  options: ExportOptions = {},
): Promise<{ blob: Blob } & ArchiveOutcome> {
  const archive = await readJournal(db, now.toISOString(), range);
  return archiveBlob(archive, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    audio: recordingAudio(db, options.download),
  });
}

/** murmur-2026-11-22.zip, or murmur-2026-01-01-to-2026-03-31.zip for a range. */
export function archiveFileName(now: Date, range: DayRange | null): string {
  return range ? `murmur-${range.from}-to-${range.to}.zip` : `murmur-${now.toISOString().slice(0, 10)}.zip`;
}
