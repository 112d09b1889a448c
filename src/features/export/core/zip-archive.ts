import { Inflate } from 'fflate';

import type { ImportAudioSource } from '../../../db/commands/import-commands.ts';
import { crc32 } from './crc32.ts';
import { ImportFileError } from './import-error.ts';
import { entryDataOffset, readZipDirectory, type ZipDirectoryEntry } from './zip-directory.ts';

/** A zip opened for import: its directory is read, no file's content yet. */
export interface ZipArchive {
  readonly paths: readonly string[];
  /** Uncompressed size of a file, or undefined when there is no such file. */
  size(path: string): number | undefined;
  /** A file's whole content as UTF-8 text (for the archive's JSON). */
  text(path: string): Promise<string>;
  /** A file's content piece by piece, read from the zip only when iterated (for audio). */
  pieces(path: string): ImportAudioSource | null;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const SLICE_BYTES = 1024 * 1024;

/** Whether a file starts like a zip (a local file header). */
export async function startsLikeZip(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head.length === 4 && ZIP_SIGNATURE.every((byte, index) => head[index] === byte);
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * An entry's content in pieces: stored data straight from 1 MB slices of the file, deflated data
 * through fflate's streaming inflate; checked against the directory's size and CRC-32 at the end.
 */
async function* entryPieces(file: Blob, entry: ZipDirectoryEntry): AsyncGenerator<Uint8Array> {
  if (entry.encrypted) throw new Error(`${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new Error(`${entry.name} uses compression method ${entry.method}`);
  const start = await entryDataOffset(file, entry);
  let checksum = 0;
  let length = 0;
  let inflated: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => inflated.push(chunk));
  const end = start + entry.compressedSize;
  let at = start;
  do {
    const next = Math.min(end, at + SLICE_BYTES);
    const slice = new Uint8Array(await file.slice(at, next).arrayBuffer());
    let out: Uint8Array[] = [slice];
    if (entry.method === 8) {
      inflate.push(slice, next >= end);
      out = inflated;
      inflated = [];
    }
    for (const piece of out) {
      checksum = crc32(checksum, piece);
      length += piece.byteLength;
      if (length > entry.size) throw new Error(`${entry.name} is longer than its directory says`);
      if (piece.byteLength > 0) yield piece;
    }
    at = next;
  } while (at < end);
  if (length !== entry.size || checksum !== entry.crc32)
    throw new Error(`${entry.name} is damaged (its size or CRC-32 does not match)`);
}

/**
 * Opens a zip by its central directory, read from the end of the file: contents are read later, file
 * by file, straight from the Blob, so a large archive (hours of audio) is never in memory at once.
 * A zip without its end was cut short; a damaged file inside is reported when it is read.
 */
export async function openZipArchive(file: Blob): Promise<ZipArchive> {
  if (!(await startsLikeZip(file))) throw new ImportFileError('notZip');
  let entries: ZipDirectoryEntry[];
  try {
    entries = (await readZipDirectory(file)).filter((entry) => !entry.name.endsWith('/'));
  } catch (error) {
    throw new ImportFileError('truncated', reason(error));
  }
  const byPath = new Map(entries.map((entry) => [entry.name, entry]));
  const pieces = (path: string): ImportAudioSource | null => {
    const entry = byPath.get(path);
    if (!entry) return null;
    return async function* read() {
      try {
        yield* entryPieces(file, entry);
      } catch (error) {
        throw new ImportFileError('truncated', reason(error));
      }
    };
  };
  return {
    paths: [...byPath.keys()],
    size: (path) => byPath.get(path)?.size,
    pieces,
    async text(path) {
      const source = pieces(path);
      if (!source) throw new ImportFileError('notArchive', `no ${path}`);
      const decoder = new TextDecoder();
      let text = '';
      for await (const piece of source()) text += decoder.decode(piece, { stream: true });
      return text + decoder.decode();
    },
  };
}
