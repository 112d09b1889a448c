/**
 * The central directory of a zip file held in a Blob (APPNOTE 6.3.10 §4.3.16, §4.3.12, with ZIP64
 * §4.3.14–15 and §4.5.3), read from the end of the file without reading the files in it. fflate reads
 * whole zips from memory only; this lets an import open an archive with hours of audio by its index.
 */
export interface ZipDirectoryEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts; its data follows the header's name and extra field. */
  localHeaderOffset: number;
  encrypted: boolean;
}

/** Why a file is not a readable zip: cut short, or not laid out as one. */
class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;

async function bytesAt(file: Blob, start: number, length: number): Promise<DataView> {
  if (start < 0 || start + length > file.size) throw new ZipFormatError('the zip ends too early');
  return new DataView(await file.slice(start, start + length).arrayBuffer());
}

const uint64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

/** The directory's place and size, from the end record (or its ZIP64 successor). */
async function directoryBounds(file: Blob): Promise<{ offset: number; size: number; count: number }> {
  const tailLength = Math.min(file.size, 22 + MAX_COMMENT);
  const tail = await bytesAt(file, file.size - tailLength, tailLength);
  let end = -1;
  for (let at = tailLength - 22; at >= 0; at--) {
    if (tail.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError('no end of central directory (the file was cut short)');
  let count = tail.getUint16(end + 10, true);
  let size = tail.getUint32(end + 12, true);
  let offset = tail.getUint32(end + 16, true);
  if ((count === 0xffff || size === 0xffffffff || offset === 0xffffffff) && end >= 20) {
    if (tail.getUint32(end - 20, true) === ZIP64_LOCATOR) {
      const record = await bytesAt(file, uint64(tail, end - 20 + 8), 56);
      if (record.getUint32(0, true) !== ZIP64_END_OF_DIRECTORY) throw new ZipFormatError('bad ZIP64 record');
      count = uint64(record, 32);
      size = uint64(record, 40);
      offset = uint64(record, 48);
    }
  }
  return { offset, size, count };
}

/** ZIP64 extended information: the 64-bit values of the fields that were 0xffffffff, in this order. */
function zip64Values(
  view: DataView,
  extraStart: number,
  extraLength: number,
  wanted: { size: boolean; compressedSize: boolean; offset: boolean },
): { size?: number; compressedSize?: number; offset?: number } {
  for (let at = extraStart; at + 4 <= extraStart + extraLength;) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        const value = uint64(view, field);
        field += 8;
        return value;
      };
      return {
        ...(wanted.size ? { size: next() } : {}),
        ...(wanted.compressedSize ? { compressedSize: next() } : {}),
        ...(wanted.offset ? { offset: next() } : {}),
      };
    }
    at += 4 + length;
  }
  return {};
}

/** Every entry of the zip, as its central directory lists them. */
export async function readZipDirectory(file: Blob): Promise<ZipDirectoryEntry[]> {
  const bounds = await directoryBounds(file);
  const view = await bytesAt(file, bounds.offset, bounds.size);
  const decoder = new TextDecoder();
  const entries: ZipDirectoryEntry[] = [];
  let at = 0;
  for (let index = 0; index < bounds.count; index++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw new ZipFormatError('damaged central directory');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = decoder.decode(new Uint8Array(view.buffer, view.byteOffset + at + 46, nameLength));
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const offset = view.getUint32(at + 42, true);
    const wide = zip64Values(view, at + 46 + nameLength, extraLength, {
      size: size === 0xffffffff,
      compressedSize: compressedSize === 0xffffffff,
      offset: offset === 0xffffffff,
    });
    entries.push({
      name,
      method: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: wide.compressedSize ?? compressedSize,
      size: wide.size ?? size,
      localHeaderOffset: wide.offset ?? offset,
      encrypted: (view.getUint16(at + 8, true) & 1) === 1,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's data starts: after its local header, whose name and extra field may differ. */
export async function entryDataOffset(file: Blob, entry: ZipDirectoryEntry): Promise<number> {
  const header = await bytesAt(file, entry.localHeaderOffset, 30);
  if (header.getUint32(0, true) !== LOCAL_HEADER)
    throw new ZipFormatError(`no local header for ${entry.name}`);
  const start = entry.localHeaderOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  if (start + entry.compressedSize > file.size) throw new ZipFormatError(`${entry.name} is cut short`);
  return start;
}
