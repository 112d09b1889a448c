import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

import { ARCHIVE_JSON_PATH, type MurmurArchive } from './archive-format.ts';
import { csvLine } from './csv.ts';
import { dayOf } from '../../../lib/dates/day.ts';
import { diaryMarkdown, markdownPath, noteMarkdown } from './markdown.ts';
import { audioPath, type AudioBytes, type RecordingAudioSource } from './recording-audio.ts';
import { webVtt } from './web-vtt.ts';

export interface ArchiveProgress {
  done: number;
  total: number;
}

const MOOD_CSV_HEADER = ['id', 'moment', 'time_zone', 'day', 'level', 'activities', 'note'] as const;

type ArchiveFile =
  | { path: string; content: () => string }
  /** Audio: stored as it is (already compressed); null when it cannot be had. */
  | { path: string; recordingId: string; bytes: () => Promise<AudioBytes | null> };

export interface ArchiveOptions {
  onProgress?: (progress: ArchiveProgress) => void;
  /** Where recordings' audio comes from; without it the archive has no audio files. */
  audio?: RecordingAudioSource;
}

export interface ArchiveOutcome {
  /** Recordings whose audio could not be included (neither on this device nor downloadable). */
  missingAudio: string[];
}

function files(archive: MurmurArchive, audio: RecordingAudioSource | undefined): ArchiveFile[] {
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
            dayOf(m.moment, m.time_zone),
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
    if (recording.segments.length > 0) {
      list.push({ path: `recordings/${recording.id}.vtt`, content: () => webVtt(recording.segments) });
    }
    if (audio) {
      list.push({ path: audioPath(recording), recordingId: recording.id, bytes: () => audio(recording) });
    }
  }
  return list;
}

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Writes the archive as a zip, one file at a time: each file is rendered (or its audio read piece by
 * piece), compressed and handed to `onChunk` before the next, so besides the output only one file's text
 * or one piece of audio is in memory.
 */
async function writeArchive(
  archive: MurmurArchive,
  onChunk: (chunk: Uint8Array) => void,
  options: ArchiveOptions = {},
): Promise<ArchiveOutcome> {
  const list = files(archive, options.audio);
  const missingAudio: string[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else onChunk(chunk);
    if (final) finished = true;
  });
  for (const [index, file] of list.entries()) {
    if ('content' in file) {
      const entry = new ZipDeflate(file.path, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(file.content()), true);
    } else {
      const bytes = await file.bytes();
      if (bytes === null) {
        missingAudio.push(file.recordingId);
      } else {
        const entry = new ZipPassThrough(file.path);
        zip.add(entry);
        for await (const piece of bytes) {
          entry.push(piece);
          if (failure) throw failure;
        }
        entry.push(new Uint8Array(0), true);
      }
    }
    if (failure) throw failure;
    options.onProgress?.({ done: index + 1, total: list.length });
    if (index % 20 === 19 || !('content' in file)) await yieldToBrowser();
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error('the zip writer did not finish');
  return { missingAudio };
}

/** Output gathered beyond this is moved into a Blob, which the browser may keep on disk, not the heap. */
const FLUSH_BYTES = 8 * 1024 * 1024;

/**
 * The archive as a Blob. The zip's chunks are folded into Blobs every 8 MB, so a journal with hours of
 * audio is never held in the JavaScript heap at once (the browser stores large Blobs out of it).
 */
export async function archiveBlob(
  archive: MurmurArchive,
  options: ArchiveOptions = {},
): Promise<{ blob: Blob } & ArchiveOutcome> {
  const blobs: Blob[] = [];
  let parts: Uint8Array<ArrayBuffer>[] = [];
  let pending = 0;
  const outcome = await writeArchive(
    archive,
    (chunk) => {
      parts.push(new Uint8Array(chunk));
      pending += chunk.byteLength;
      if (pending >= FLUSH_BYTES) {
        blobs.push(new Blob(parts));
        parts = [];
        pending = 0;
      }
    },
    options,
  );
  blobs.push(new Blob(parts));
  return { blob: new Blob(blobs, { type: 'application/zip' }), ...outcome };
}
