import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';

import { exportJournal } from './export-journal.ts';
import type { ImportErrorCode } from './import-error.ts';
import { applyImport, readImportFile } from './prepare-import.ts';
import { openTestJournal, TEST_LOOK } from '../../../testing/test-journal.ts';

const context = { look: TEST_LOOK, timeZone: 'UTC' };
const read = (name: string, bytes: Uint8Array<ArrayBuffer>) =>
  readImportFile(name, new Blob([bytes]), context);
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function failsWith(promise: Promise<unknown>, code: ImportErrorCode) {
  await expect(promise).rejects.toMatchObject({ name: 'ImportFileError', code });
}

async function archive(withAudio = false) {
  const { db, commands } = await openTestJournal('u-bad', 20);
  closers.push(() => db.close());
  await commands.createNote({ title: 'kept' });
  if (withAudio) {
    const id = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await commands.appendAudioChunk(id, 0, new Uint8Array(3000).fill(9).buffer, 0);
    await commands.keepRecording(id, { keepAudio: true });
  }
  const { blob } = await exportJournal(db, new Date(Date.UTC(2026, 0, 1)), null);
  return new Uint8Array(await blob.arrayBuffer());
}

/** Where a file's stored bytes start in a zip, found by its local header's name. */
function storedDataOffset(zip: Uint8Array, name: string): number {
  const needle = new TextEncoder().encode(name);
  for (let i = 0; i + 30 + needle.length <= zip.length; i++) {
    if (zip[i] !== 0x50 || zip[i + 1] !== 0x4b || zip[i + 2] !== 3 || zip[i + 3] !== 4) continue;
    const nameLength = (zip[i + 26] ?? 0) | ((zip[i + 27] ?? 0) << 8);
    const extraLength = (zip[i + 28] ?? 0) | ((zip[i + 29] ?? 0) << 8);
    const found = zip.subarray(i + 30, i + 30 + nameLength);
    if (found.length === needle.length && found.every((byte, k) => byte === needle[k]))
      return i + 30 + nameLength + extraLength;
  }
  throw new Error(`${name} is not in the zip`);
}

describe('files that cannot be imported', () => {
  it('a .zip that is not a zip', async () => {
    await failsWith(read('backup.zip', strToU8('hello, not a zip')), 'notZip');
  });

  it('a truncated zip', async () => {
    const bytes = await archive();
    await failsWith(read('murmur.zip', bytes.slice(0, Math.floor(bytes.length / 2))), 'truncated');
  });

  it('an archive of another format version', async () => {
    const json = JSON.stringify({ format: 'murmur-archive', version: 3, notes: [] });
    await failsWith(read('murmur.zip', zipSync({ 'murmur.json': strToU8(json) })), 'wrongVersion');
  });

  it('a Day One file of an unknown version', async () => {
    const json = JSON.stringify({ metadata: { version: '9.0' }, entries: [] });
    await failsWith(read('Journal.json', strToU8(json)), 'dayOneVersion');
  });

  it('a truncated Day One JSON', async () => {
    await failsWith(
      read('Journal.json', strToU8('{"metadata":{"version":"1.0"},"entries":[{"uuid":')),
      'truncated',
    );
  });

  it('a CSV with other columns', async () => {
    await failsWith(read('export.csv', strToU8('date,score,comment\r\n2023-01-01,3,ok\r\n')), 'csvColumns');
  });

  it('a zip without a Murmur or Day One journal in it', async () => {
    await failsWith(read('photos.zip', zipSync({ 'a/b.txt': strToU8('x') })), 'notArchive');
  });

  it('reports each unreadable record of an archive and imports the rest', async () => {
    const note = {
      id: 'n1',
      title: 't',
      body: 'b',
      font: 'Inter',
      color: '#ffffff',
      font_size: 16,
      pinned: false,
      locked: false,
      tags: [],
      created_at: '2024-01-01T00:00:00.000Z',
      deleted_at: null,
    };
    const json = JSON.stringify({
      format: 'murmur-archive',
      version: 1,
      exported_at: '2026-01-01T00:00:00.000Z',
      range: null,
      notes: [note, { ...note, id: 'n2', color: 'red' }],
      diary_entries: [],
      mood_entries: [{ id: 'm1', level: 7 }],
      recordings: [],
      settings: null,
      conflicts: [],
    });
    const plan = await read('murmur.zip', zipSync({ 'murmur.json': strToU8(json) }));
    expect(plan.rows.map((r) => r.row['id'])).toEqual(['n1']);
    expect(plan.problems.map((p) => p.record)).toEqual([
      { kind: 'entry', source: 'notes', id: 'n2' },
      { kind: 'entry', source: 'mood_entries', id: 'm1' },
    ]);
  });

  it('a version 1 archive still imports: its recordings come in without timings', async () => {
    const recording = {
      id: 'r1',
      entry_table: null,
      entry_id: null,
      mime_type: 'audio/webm',
      size_bytes: 3,
      duration_ms: 1000,
      sha256: null,
      transcript: 'hello',
      created_at: '2024-01-01T00:00:00.000Z',
      deleted_at: null,
    };
    const version1 = (extra: Record<string, unknown>) =>
      JSON.stringify({
        format: 'murmur-archive',
        version: 1,
        exported_at: '2026-01-01T00:00:00.000Z',
        range: null,
        notes: [],
        diary_entries: [],
        mood_entries: [],
        recordings: [{ ...recording, ...extra }],
        settings: null,
        conflicts: [],
      });
    const plan = await read('murmur.zip', zipSync({ 'murmur.json': strToU8(version1({})) }));
    expect(plan.problems).toEqual([]);
    expect(plan.rows).toEqual([
      { table: 'recordings', row: expect.objectContaining({ id: 'r1', transcript: 'hello', segments: [] }) },
    ]);
    // A version 2 archive must say what timings it has: a recording without the field is reported.
    const v2 = version1({}).replace('"version":1', '"version":2');
    const strict = await read('murmur.zip', zipSync({ 'murmur.json': strToU8(v2) }));
    expect(strict.problems).toEqual([
      {
        record: { kind: 'entry', source: 'recordings', id: 'r1' },
        code: 'invalid',
        detail: expect.stringContaining('segments'),
      },
    ]);
  });

  it('a failed import leaves the journal unchanged', async () => {
    const { db, commands } = await openTestJournal('u-unchanged', 21);
    closers.push(() => db.close());
    const plan = await read('murmur.zip', await archive());
    // A row that became invalid after the preview (e.g. edited by hand) aborts the whole transaction.
    plan.rows.push({ table: 'mood_entries', row: { id: 'broken', level: 0 } });
    await expect(applyImport(commands, plan, true)).rejects.toThrow();
    expect(await db.notes.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a failed import takes back the audio it had already written', async () => {
    const { db, commands } = await openTestJournal('u-unchanged-audio', 22);
    closers.push(() => db.close());
    const plan = await read('murmur.zip', await archive(true));
    expect(plan.audio?.size).toBe(1);
    plan.rows.push({ table: 'mood_entries', row: { id: 'broken', level: 0 } });
    await expect(applyImport(commands, plan, true)).rejects.toThrow();
    expect(await db.audio_chunks.count()).toBe(0);
    expect(await db.recordings.count()).toBe(0);
    expect(await db.local_recordings.count()).toBe(0);
  });

  it('damaged audio inside an archive stops the import before anything is written', async () => {
    const { db, commands } = await openTestJournal('u-damaged-audio', 23);
    closers.push(() => db.close());
    const bytes = await archive(true);
    const [name] = (await read('murmur.zip', bytes)).rows
      .filter((r) => r.table === 'recordings')
      .map((r) => `recordings/${String(r.row['id'])}.webm`);
    const offset = storedDataOffset(bytes, name ?? '');
    bytes[offset + 1000] = 0; // one byte of the sound (all 9s) changed: its CRC-32 no longer matches
    const plan = await read('murmur.zip', bytes);
    await expect(applyImport(commands, plan, true)).rejects.toThrow(/CRC/i);
    expect(await db.notes.count()).toBe(0);
    expect(await db.audio_chunks.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
