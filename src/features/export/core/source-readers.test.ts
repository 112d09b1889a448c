import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';

import { previewImport, readImportFile, applyImport } from './prepare-import.ts';
import { openTestJournal, TEST_LOOK } from '../../../testing/test-journal.ts';

const fixtureBytes = (name: string) =>
  new Uint8Array(readFileSync(resolve('src/features/export/fixtures', name)));
const fixture = (name: string) => new Blob([fixtureBytes(name)]);
const context = { look: TEST_LOOK, timeZone: 'America/New_York' };
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

describe('Day One JSON import', () => {
  it('maps entries to diary entries on their day in their own time zone, with tags, star and audio', async () => {
    const plan = await readImportFile('Journal.json', fixture('day-one.json'), context);
    const diary = plan.rows.filter((r) => r.table === 'diary_entries').map((r) => r.row);
    expect(diary).toHaveLength(3);
    // 22:30 UTC is already the next morning in Tokyo.
    expect(diary[0]).toMatchObject({ day: '2023-03-26', time_zone: 'Asia/Tokyo', title: '東京の朝' });
    expect(diary[0]?.['body']).toContain('桜が咲いていた。');
    expect(diary[0]?.['body']).toMatch(/#travel #road_trip #starred$/);
    // No time zone: the importing device's zone decides the day (still New Year's Eve in New York).
    expect(diary[1]).toMatchObject({
      day: '2022-12-31',
      time_zone: 'America/New_York',
      body: 'No time zone on this one 🎆',
    });
    const audio = plan.rows.find((r) => r.table === 'recordings')?.row;
    expect(audio).toMatchObject({ entry_id: diary[2]?.['id'], mime_type: 'audio/mp4', duration_ms: 42500 });
  });

  it("reads a Day One zip export and takes each audio file's size from the zip", async () => {
    const sound = new Uint8Array(1234).map((_, i) => i % 251);
    const zip = zipSync({
      'Journal.json': fixtureBytes('day-one.json'),
      'audios/9e107d9d372bb6826bd81d3542a419d6.m4a': sound,
    });
    const plan = await readImportFile('Export.zip', new Blob([zip]), context);
    expect(plan.source).toBe('dayOne');
    const recording = plan.rows.find((r) => r.table === 'recordings')?.row;
    expect(recording?.['size_bytes']).toBe(1234);
    // The sound itself comes in too: kept on the device, to be uploaded like a new recording.
    const { db, commands } = await openTestJournal('u-day-one-audio', 33);
    closers.push(() => db.close());
    expect((await previewImport(db, plan)).withAudio).toBe(1);
    await applyImport(commands, plan, false);
    const chunks = await db.audio_chunks.where('recording_id').equals(String(recording?.['id'])).toArray();
    expect(new Uint8Array(await new Blob(chunks.map((chunk) => chunk.data)).arrayBuffer())).toEqual(sound);
  });

  it('reports the empty entry and the broken date and keeps going', async () => {
    const plan = await readImportFile('Journal.json', fixture('day-one.json'), context);
    expect(plan.problems.map((p) => p.code)).toEqual(['empty', 'noDate']);
  });

  it('derives the same ids every time, so a second import adds nothing', async () => {
    const { db, commands } = await openTestJournal('u-dayone', 3);
    closers.push(() => db.close());
    const first = await readImportFile('Journal.json', fixture('day-one.json'), context);
    expect(await applyImport(commands, first, false)).toEqual({ added: 4, skipped: 0 });
    const second = await readImportFile('Journal.json', fixture('day-one.json'), context);
    expect(await previewImport(db, second)).toEqual({
      counts: { notes: 0, diary_entries: 0, mood_entries: 0, recordings: 0 },
      existing: 4,
      withAudio: 0,
    });
    expect(await applyImport(commands, second, false)).toEqual({ added: 0, skipped: 4 });
    expect(await db.diary_entries.count()).toBe(3);
  });
});

describe('Daylio CSV import', () => {
  it('maps the five moods to levels, splits activities, joins title and note, reads both clock styles', async () => {
    const plan = await readImportFile('daylio_export.csv', fixture('daylio.csv'), context);
    const moods = plan.rows.map((r) => r.row);
    expect(moods.map((m) => m['level'])).toEqual([5, 3, 1, 4]);
    expect(moods[0]).toMatchObject({
      moment: '2023-03-27T00:15:00.000Z',
      time_zone: 'America/New_York',
      activities: ['friends', 'cooking', '🍜 ramen'],
      note: 'Great day\n\nDinner with Aki, "best" ramen\never',
    });
    expect(moods[1]).toMatchObject({ moment: '2023-03-25T11:05:00.000Z', activities: [], note: '' });
    expect(moods[2]).toMatchObject({ moment: '2023-03-24T04:00:00.000Z', note: '今日は疲れた' });
  });

  it('reports a mood outside the five defaults with its row and keeps the others', async () => {
    const plan = await readImportFile('daylio_export.csv', fixture('daylio.csv'), context);
    expect(plan.problems).toEqual([
      { record: { kind: 'row', number: 5 }, code: 'unknownMood', values: { mood: 'sleepy' } },
    ]);
  });

  it('calls a CSV cut off inside a quoted note truncated', async () => {
    const text =
      'full_date,date,weekday,time,mood,activities,note\r\n2023-01-01,Jan 1,Sunday,9:00,good,,"unfinished';
    await expect(readImportFile('d.csv', new Blob([strToU8(text)]), context)).rejects.toMatchObject({
      code: 'truncated',
    });
  });

  it('never duplicates on a second run', async () => {
    const { db, commands } = await openTestJournal('u-daylio', 4);
    closers.push(() => db.close());
    for (let run = 0; run < 2; run++) {
      await applyImport(commands, await readImportFile('d.csv', fixture('daylio.csv'), context), false);
    }
    expect(await db.mood_entries.count()).toBe(4);
  });
});
