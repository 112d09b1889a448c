import { unzipSync, type Unzipped } from 'fflate';

import { ImportFileError } from './import-error.ts';

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Unzips a file that starts like a zip; a zip without its end (central directory) was cut short. */
export function unzipOrExplain(bytes: Uint8Array): Unzipped {
  if (!isZip(bytes)) throw new ImportFileError('notZip');
  try {
    return unzipSync(bytes);
  } catch (error) {
    throw new ImportFileError('truncated', error instanceof Error ? error.message : String(error));
  }
}
