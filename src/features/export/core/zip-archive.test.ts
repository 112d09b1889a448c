import { readFileSync } from 'node:fs';

import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';

import { crc32 } from './crc32.ts';
import { applyImport, readImportFile } from './prepare-import.ts';
import { openTestJournal, TEST_LOOK } from '../../../testing/test-journal.ts';
import { openZipArchive } from './zip-archive.ts';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function collect(source: (() => AsyncIterable<Uint8Array>) | null): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for await (const piece of source?.() ?? []) pieces.push(piece);
  return new Uint8Array(await new Blob(pieces as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

describe('reading a zip by its directory', () => {
  it('computes the zip CRC-32 (check value of "123456789"), piece by piece', () => {
    expect(crc32(0, strToU8('123456789'))).toBe(0xcbf43926);
    expect(crc32(crc32(0, strToU8('1234')), strToU8('56789'))).toBe(0xcbf43926);
  });

  it('reads stored and deflated files, names in UTF-8, and skips directories', async () => {
    const text = '{"a":"Über ☁️"}'.repeat(5000);
    const sound = new Uint8Array(3 * 1024 * 1024 + 5).map((_, i) => (i * 7) % 256);
    const zip = zipSync({
      'murmur.json': strToU8(text),
      'recordings/ä.webm': [sound, { level: 0 }],
      'empty.txt': new Uint8Array(0),
      'folder/': new Uint8Array(0),
    });
    const archive = await openZipArchive(new Blob([zip]));
    expect([...archive.paths].sort()).toEqual(['empty.txt', 'murmur.json', 'recordings/ä.webm']);
    expect(await archive.text('murmur.json')).toBe(text);
    expect(archive.size('recordings/ä.webm')).toBe(sound.byteLength);
    const pieces: number[] = [];
    for await (const piece of archive.pieces('recordings/ä.webm')?.() ?? []) pieces.push(piece.byteLength);
    // Stored audio comes in slices of the file, never whole.
    expect(Math.max(...pieces)).toBeLessThanOrEqual(1024 * 1024);
    expect(await collect(archive.pieces('recordings/ä.webm'))).toEqual(sound);
    expect(await archive.text('empty.txt')).toBe('');
    expect(archive.pieces('missing')).toBeNull();
  });

  it('reads a ZIP64 zip from another tool (64-bit sizes and offsets, an archive comment)', async () => {
    const file = new Blob([readFileSync('src/features/export/fixtures/zip64-day-one.zip')]);
    const archive = await openZipArchive(file);
    expect([...archive.paths].sort()).toEqual(['Journal.json', 'audios/00ff00ff.m4a']);
    const plan = await readImportFile('Export.zip', file, { look: TEST_LOOK, timeZone: 'UTC' });
    expect(plan.problems).toEqual([]);
    expect(plan.rows.find((r) => r.table === 'diary_entries')?.row).toMatchObject({
      title: 'Zip64',
      body: 'Über den Wolken ☁️',
    });
    const { db, commands } = await openTestJournal('u-zip64', 34);
    closers.push(() => db.close());
    await applyImport(commands, plan, false);
    const chunks = await db.audio_chunks.toArray();
    const expected = new Uint8Array(10240).map((_, i) => i % 256);
    expect(new Uint8Array(await new Blob(chunks.map((c) => c.data)).arrayBuffer())).toEqual(expected);
  });

  it('says a file cut short is cut short, and a damaged deflated file is damaged', async () => {
    const zip = zipSync({ 'murmur.json': strToU8('{"x":1}'.repeat(1000)) });
    await expect(openZipArchive(new Blob([zip.slice(0, zip.length - 10)]))).rejects.toMatchObject({
      code: 'truncated',
    });
    const damaged = zip.slice();
    damaged[46] = (damaged[46] ?? 0) ^ 0xff; // inside the deflated data (after the 30-byte header and name)
    const archive = await openZipArchive(new Blob([damaged]));
    await expect(archive.text('murmur.json')).rejects.toMatchObject({ code: 'truncated' });
  });
});
