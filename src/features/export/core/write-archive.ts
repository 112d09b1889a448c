import { strToU8, Zip, ZipDeflate } from 'fflate';

import { ARCHIVE_JSON_PATH, type MurmurArchive } from './archive-format.ts';
import { csvLine } from './csv.ts';
import { dayInZone } from './time-zones.ts';
import { diaryMarkdown, markdownPath, noteMarkdown } from './markdown.ts';

export interface ArchiveProgress {
  done: number;
  total: number;
}

export const MOOD_CSV_HEADER = ['id', 'moment', 'time_zone', 'day', 'level', 'activities', 'note'] as const;

interface ArchiveFile {
  path: string;
  content: () => string;
}

function files(archive: MurmurArchive): ArchiveFile[] {
  const live = <T extends { deleted_at: string | null }>(rows: readonly T[]) =>
    rows.filter((row) => row.deleted_at === null);
  const list: ArchiveFile[] = [{ path: ARCHIVE_JSON_PATH, content: () => JSON.stringify(archive, null, 2) }];
  for (const note of live(archive.notes)) {
    list.push({
      path: markdownPath('notes', note.created_at.slice(0, 10), note.id),
      content: () => noteMarkdown(note),
    });
  }
  for (const entry of live(archive.diary_entries)) {
    list.push({
      path: markdownPath('diary', entry.day, entry.id),
      content: () => diaryMarkdown(entry, archive.mood_entries),
    });
  }
  list.push({
    path: 'moods.csv',
    content: () =>
      csvLine(MOOD_CSV_HEADER) +
      live(archive.mood_entries)
        .sort((a, b) => (a.moment < b.moment ? -1 : 1))
        .map((m) =>
          csvLine([
            m.id,
            m.moment,
            m.time_zone,
            dayInZone(m.moment, m.time_zone),
            m.level,
            m.activities.join(' | '),
            m.note,
          ]),
        )
        .join(''),
  });
  for (const recording of live(archive.recordings)) {
    if (recording.transcript) {
      list.push({ path: `recordings/${recording.id}.txt`, content: () => `${recording.transcript}\n` });
    }
  }
  return list;
}

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Writes the archive as a zip, one file at a time: each file is rendered, compressed and handed to
 * `onChunk` before the next is rendered, so only one file's text is in memory besides the output.
 */
export async function writeArchive(
  archive: MurmurArchive,
  onChunk: (chunk: Uint8Array) => void,
  onProgress: (progress: ArchiveProgress) => void = () => {},
): Promise<void> {
  const list = files(archive);
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else onChunk(chunk);
    if (final) finished = true;
  });
  for (const [index, file] of list.entries()) {
    const entry = new ZipDeflate(file.path, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(file.content()), true);
    if (failure) throw failure;
    onProgress({ done: index + 1, total: list.length });
    if (index % 20 === 19) await yieldToBrowser();
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error('the zip writer did not finish');
}

/** The archive as a Blob (its chunks are kept as parts; the browser may page them out). */
export async function archiveBlob(
  archive: MurmurArchive,
  onProgress?: (progress: ArchiveProgress) => void,
): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  await writeArchive(archive, (chunk) => parts.push(new Uint8Array(chunk)), onProgress);
  return new Blob(parts, { type: 'application/zip' });
}
