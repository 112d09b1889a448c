import { readFileSync } from 'node:fs';

import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';

import { backupDue } from '../backup-reminder.ts';
import { archiveSchemaValidator } from './archive-schema.ts';
import { exportJournal } from './export-journal.ts';
import { applyImport, readImportFile } from './prepare-import.ts';
import { parseCsv } from './csv.ts';
import { openTestJournal, TEST_LOOK } from '../../../testing/test-journal.ts';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function journal() {
  const { db, commands } = await openTestJournal('u-files', 30);
  closers.push(() => db.close());
  await commands.createDiaryEntry({
    day: '2026-03-01',
    time_zone: 'Asia/Tokyo',
    title: 'He said "hi"',
    body: '雨の日 ☔',
  });
  await commands.createDiaryEntry({ day: '2026-05-01', title: 'later', body: 'x' });
  await commands.createMoodEntry({
    level: 4,
    moment: '2026-02-28T20:00:00.000Z',
    time_zone: 'Asia/Tokyo',
    activities: ['tea, green'],
    note: 'line one\nline "two"',
  });
  await commands.createNote({ title: 'Shopping', body: '- milk', tags: ['home'] });
  const recording = await commands.createRecording({
    entry_table: null,
    entry_id: null,
    mime_type: 'audio/webm',
    size_bytes: 1,
    duration_ms: 1,
    sha256: null,
    transcript: 'spoken words',
    segments: [
      { start: 0, end: 1.2, text: 'spoken', speaker: 'speaker_0' },
      { start: 1.2, end: 2, text: 'words', speaker: 'speaker_1' },
    ],
  });
  const trashed = await commands.createNote({ title: 'gone' });
  await commands.deleteNote(trashed);
  return { db, recording };
}

const unzip = async (blob: Blob) => unzipSync(new Uint8Array(await blob.arrayBuffer()));

describe('archive files', () => {
  it('writes Markdown with front matter, a mood CSV and transcripts; trashed rows only in the JSON', async () => {
    const { db, recording } = await journal();
    const progress: number[] = [];
    const { blob, missingAudio } = await exportJournal(db, new Date(), null, {
      onProgress: ({ done }) => progress.push(done),
    });
    const files = await unzip(blob);
    const names = Object.keys(files);
    // The recording's audio is not on this device (and there is no download): reported, not invented.
    expect(missingAudio).toEqual([recording]);
    expect(names.filter((n) => n.startsWith('diary/'))).toHaveLength(2);
    expect(names.filter((n) => n.startsWith('notes/'))).toHaveLength(1);
    expect(progress.at(-1)).toBe(names.length + missingAudio.length);
    const diary = strFromU8(
      files[names.find((n) => n.startsWith('diary/2026-03-01')) ?? ''] ?? new Uint8Array(),
    );
    expect(diary).toContain('title: "He said \\"hi\\""');
    expect(diary).toContain('time_zone: "Asia/Tokyo"');
    // 20:00 UTC on 28 February is already 1 March in Tokyo: the check-in belongs to this entry's day.
    expect(diary).toContain('mood: [4]');
    expect(diary).toContain('tags: ["tea, green"]');
    expect(diary.endsWith('# He said "hi"\n\n雨の日 ☔\n')).toBe(true);
    const csv = parseCsv(strFromU8(files['moods.csv'] ?? new Uint8Array()));
    expect(csv[0]).toEqual(['id', 'moment', 'time_zone', 'day', 'level', 'activities', 'note']);
    expect(csv[1]?.slice(1)).toEqual([
      '2026-02-28T20:00:00.000Z',
      'Asia/Tokyo',
      '2026-03-01',
      '4',
      'tea, green',
      'line one\nline "two"',
    ]);
    expect(strFromU8(files[`recordings/${recording}.txt`] ?? new Uint8Array())).toBe('spoken words\n');
    // Where the transcript has timings, captions beside it.
    expect(strFromU8(files[`recordings/${recording}.vtt`] ?? new Uint8Array())).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.200\n<v speaker_0>spoken\n\n' +
        '00:00:01.200 --> 00:00:02.000\n<v speaker_1>words\n',
    );
    const json = JSON.parse(strFromU8(files['murmur.json'] ?? new Uint8Array())) as { notes: unknown[] };
    expect(json.notes).toHaveLength(2);
  });

  it("holds each recording's audio as recorded on this device, else as downloaded, else reports it", async () => {
    const { db, commands } = await openTestJournal('u-audio', 40);
    closers.push(() => db.close());
    const slices = [
      new Uint8Array([1, 2, 3]),
      new Uint8Array([4, 5]),
      new Uint8Array(2 * 1024 * 1024).fill(7),
    ];
    const here = await commands.startLocalRecording({
      mime_type: 'audio/webm;codecs=opus',
      destination: { kind: 'new_note' },
    });
    for (const [seq, slice] of slices.entries())
      await commands.appendAudioChunk(here, seq, slice.slice().buffer, seq * 1000);
    await commands.keepRecording(here, { keepAudio: true });
    // Recorded elsewhere and uploaded: only the synced row is here.
    const elsewhere = await commands.createRecording({
      entry_table: null,
      entry_id: null,
      mime_type: 'audio/mp4',
      size_bytes: 4,
      duration_ms: 1000,
      sha256: null,
      transcript: 'from the phone',
    });
    await commands.markRecordingUploaded(elsewhere);
    const lost = await commands.createRecording({
      entry_table: null,
      entry_id: null,
      mime_type: 'audio/ogg',
      size_bytes: 4,
      duration_ms: 1000,
      sha256: null,
      transcript: 'never uploaded',
    });
    const asked: string[] = [];
    const { blob, missingAudio } = await exportJournal(db, new Date(), null, {
      download: async (id) => {
        asked.push(id);
        return new Blob([new Uint8Array([9, 9, 9, 9])]);
      },
    });
    const files = await unzip(blob);
    const expected = new Uint8Array(slices.reduce((sum, slice) => sum + slice.length, 0));
    let offset = 0;
    for (const slice of slices) {
      expected.set(slice, offset);
      offset += slice.length;
    }
    expect(files[`recordings/${here}.webm`]).toEqual(expected);
    expect(files[`recordings/${elsewhere}.m4a`]).toEqual(new Uint8Array([9, 9, 9, 9]));
    expect(asked).toEqual([elsewhere]);
    expect(missingAudio).toEqual([lost]);
    expect(
      Object.keys(files).some((name) => name.startsWith(`recordings/${lost}.`) && name.endsWith('.ogg')),
    ).toBe(false);
  });

  it("brings recordings' audio back on import, kept on the device and waiting to upload to the new account", async () => {
    const source = await openTestJournal('u-audio-out', 50);
    const target = await openTestJournal('u-audio-in', 60);
    closers.push(
      () => source.db.close(),
      () => target.db.close(),
    );
    const id = await source.commands.startLocalRecording({
      mime_type: 'audio/ogg',
      destination: { kind: 'new_note' },
    });
    await source.commands.appendAudioChunk(id, 0, new Uint8Array([1, 2]).buffer, 0);
    await source.commands.appendAudioChunk(id, 1, new Uint8Array([3]).buffer, 500);
    await source.commands.keepRecording(id, { keepAudio: true });
    const { blob } = await exportJournal(source.db, new Date(), null);
    const plan = await readImportFile('murmur.zip', blob, { look: TEST_LOOK, timeZone: 'UTC' });
    expect(plan.audio?.has(id)).toBe(true);
    await applyImport(target.commands, plan, false);
    const chunks = await target.db.audio_chunks.where('recording_id').equals(id).toArray();
    expect(new Uint8Array(chunks[0]?.data ?? new ArrayBuffer(0))).toEqual(new Uint8Array([1, 2, 3]));
    expect(await target.db.local_recordings.get(id)).toMatchObject({
      state: 'saved',
      audio_on_device: true,
      upload: { status: 'pending' },
    });
    expect(await target.db.recordings.get(id)).toMatchObject({
      storage_path: `u-audio-in/${id}`,
      uploaded_at: null,
    });
    // A second import of the same file adds nothing, audio included.
    const again = await readImportFile('murmur.zip', blob, { look: TEST_LOOK, timeZone: 'UTC' });
    expect((await applyImport(target.commands, again, false)).added).toBe(0);
    expect(await target.db.audio_chunks.count()).toBe(1);
  });

  it('imports long audio piece by piece: stored in chunks, byte for byte', async () => {
    const source = await openTestJournal('u-long-out', 44);
    const target = await openTestJournal('u-long-in', 45);
    closers.push(
      () => source.db.close(),
      () => target.db.close(),
    );
    const sound = new Uint8Array(5 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 256);
    const id = await source.commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await source.commands.appendAudioChunk(id, 0, sound.slice().buffer, 0);
    await source.commands.keepRecording(id, { keepAudio: true });
    const { blob } = await exportJournal(source.db, new Date(), null);

    const plan = await readImportFile('murmur.zip', blob, { look: TEST_LOOK, timeZone: 'UTC' });
    await applyImport(target.commands, plan, false);
    const chunks = await target.db.audio_chunks.where('recording_id').equals(id).sortBy('seq');
    // Never one piece the size of the recording: each chunk about a megabyte.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...chunks.map((chunk) => chunk.data.byteLength))).toBeLessThan(2 * 1024 * 1024);
    expect(new Uint8Array(await new Blob(chunks.map((chunk) => chunk.data)).arrayBuffer())).toEqual(sound);
    expect((await target.db.local_recordings.get(id))?.size_bytes).toBe(sound.byteLength);
  });

  it('a range keeps the entries of those days only', async () => {
    const { db } = await journal();
    const files = await unzip(
      (await exportJournal(db, new Date(), { from: '2026-03-01', to: '2026-03-31' })).blob,
    );
    const json = JSON.parse(strFromU8(files['murmur.json'] ?? new Uint8Array())) as Record<string, unknown[]>;
    expect(json['diary_entries']).toHaveLength(1);
    expect(json['mood_entries']).toHaveLength(1);
    expect(json['notes']).toHaveLength(0);
  });

  it('the JSON Schema in docs names exactly the fields an archive holds', async () => {
    const { db } = await journal();
    const files = await unzip((await exportJournal(db, new Date(), null)).blob);
    const json = JSON.parse(strFromU8(files['murmur.json'] ?? new Uint8Array())) as Record<
      string,
      Record<string, unknown>[]
    >;
    const schema = JSON.parse(readFileSync('docs/export-format.schema.json', 'utf8')) as {
      required: string[];
      $defs: Record<string, { properties: Record<string, unknown> }>;
    };
    const fields = (def: string) => Object.keys(schema.$defs[def]?.properties ?? {}).sort();
    const validate = archiveSchemaValidator();
    expect(validate(json)).toEqual([]);
    // The schema is not a formality: a check-in off the five levels, or a note without a body, is refused.
    const broken = structuredClone(json);
    const [mood] = broken['mood_entries'] ?? [];
    if (mood) mood['level'] = 7;
    delete broken['notes']?.[0]?.['body'];
    expect(validate(broken)).toEqual([
      expect.stringMatching(/^\/notes\/0 must have required property 'body'/),
      expect.stringMatching(/^\/mood_entries\/0\/level must be <= 5/),
    ]);
    expect(Object.keys(json).sort()).toEqual([...schema.required].sort());
    expect(Object.keys(json['notes']?.[0] ?? {}).sort()).toEqual(fields('note'));
    expect(Object.keys(json['diary_entries']?.[0] ?? {}).sort()).toEqual(fields('diaryEntry'));
    expect(Object.keys(json['mood_entries']?.[0] ?? {}).sort()).toEqual(fields('moodEntry'));
    expect(Object.keys(json['recordings']?.[0] ?? {}).sort()).toEqual(fields('recording'));
  });
});

describe('backup reminder', () => {
  const day = 86_400_000;
  it('is due once the chosen period has passed since the last export, never when off', () => {
    const now = Date.UTC(2026, 10, 22);
    const lastExport = new Date(now - 8 * day).toISOString();
    expect(backupDue({ lastExport, reminderDays: 7 }, now)).toBe(true);
    expect(backupDue({ lastExport, reminderDays: 30 }, now)).toBe(false);
    expect(backupDue({ lastExport: null, reminderDays: 30 }, now)).toBe(true);
    expect(backupDue({ lastExport: null, reminderDays: 0 }, now)).toBe(false);
    // 'Later' hides a due reminder for a day, then it comes back.
    const snoozedUntil = new Date(now + 86_400_000).toISOString();
    expect(backupDue({ lastExport: null, reminderDays: 7, snoozedUntil }, now)).toBe(false);
    expect(backupDue({ lastExport: null, reminderDays: 7, snoozedUntil }, now + 86_400_000)).toBe(true);
  });
});
