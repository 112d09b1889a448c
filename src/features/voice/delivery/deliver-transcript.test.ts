import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../../../db/commands/create-commands.ts';
import type { TranscriptDestination } from '../../../db/entities/voice-local.ts';
import { openUserDatabase } from '../../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { createTestIds } from '../../../testing/sync/test-ids.ts';
import { appendTranscript, transcriptDelivery } from './deliver-transcript.ts';
import { registerTranscriptTarget, targetKey } from './transcript-targets.ts';
import { insertAt } from './use-insert-at-cursor.ts';

const USER = '0000aaaa-0000-7000-8000-0000000000e1';
const clock = { now: () => Date.UTC(2026, 10, 22, 9), timeZone: () => 'Europe/Berlin' };

describe('transcript delivery', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let copied: string[];
  let errors: string[];
  let settings: { copy_on_transcription: boolean; paste_after_transcription: boolean };

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(8) });
    copied = [];
    errors = [];
    settings = { copy_on_transcription: true, paste_after_transcription: true };
  });
  afterEach(() => db.close());

  async function deliver(destination: TranscriptDestination, text: string, clipboard = true) {
    const recordingId = await commands.startLocalRecording({ mime_type: 'audio/webm', destination });
    const jobId = await commands.keepRecording(recordingId, { keepAudio: false });
    const job = await db.transcription_jobs.get(jobId);
    if (!job) throw new Error('no job');
    await transcriptDelivery({
      db,
      commands,
      settings: () => settings,
      noteTitle: () => 'Voice note',
      copy: (copiedText) => {
        if (!clipboard) return Promise.reject(new Error('Document is not focused'));
        copied.push(copiedText);
        return Promise.resolve();
      },
      logError: (message) => errors.push(message),
    })(job, { text, language: 'en', segments: [] });
    return recordingId;
  }

  it('makes a new note, linked to its recording, and copies the text', async () => {
    const recordingId = await deliver({ kind: 'new_note' }, ' The herons came back. ');
    const [note] = await db.notes.toArray();
    expect(note).toMatchObject({ title: 'Voice note', body: 'The herons came back.' });
    expect(await db.recordings.get(recordingId)).toMatchObject({ entry_table: 'notes', entry_id: note?.id });
    expect(copied).toEqual(['The herons came back.']);
  });

  it('makes a diary entry for the day asked, even when one exists', async () => {
    await commands.createDiaryEntry({ day: '2026-11-20', body: 'Morning' });
    await deliver({ kind: 'new_diary_entry', day: '2026-11-20' }, 'Evening words');
    const bodies = (await db.diary_entries.where('day').equals('2026-11-20').toArray()).map((e) => e.body);
    expect(bodies.sort()).toEqual(['Evening words', 'Morning']);
  });

  it('goes through the open editor (at the cursor when pasting is on), or is appended when no editor is open', async () => {
    const noteId = await commands.createNote({ body: 'First thought.' });
    const destination: TranscriptDestination = { kind: 'field', table: 'notes', id: noteId, field: 'body' };
    const inserted: [string, boolean][] = [];
    const unregister = registerTranscriptTarget(targetKey('notes', noteId, 'body'), (text, atCursor) =>
      inserted.push([text, atCursor]),
    );
    await deliver(destination, 'Second thought.');
    settings.paste_after_transcription = false;
    await deliver(destination, 'Third thought.');
    // The open editor gets both (its draft would otherwise overwrite a write behind its back).
    expect(inserted).toEqual([
      ['Second thought.', true],
      ['Third thought.', false],
    ]);
    expect((await db.notes.get(noteId))?.body).toBe('First thought.');

    unregister();
    await deliver(destination, 'Fourth thought.');
    expect((await db.notes.get(noteId))?.body).toBe('First thought.\n\nFourth thought.');
  });

  it('adds to a mood check-in’s note', async () => {
    const moodId = await commands.createMoodEntry({ level: 4 });
    await deliver({ kind: 'field', table: 'mood_entries', id: moodId, field: 'note' }, 'Sunny walk');
    expect((await db.mood_entries.get(moodId))?.note).toBe('Sunny walk');
  });

  it('does not copy when copy_on_transcription is off, and a refused clipboard is reported, not fatal', async () => {
    settings.copy_on_transcription = false;
    await deliver({ kind: 'new_note' }, 'Quiet');
    expect(copied).toEqual([]);
    settings.copy_on_transcription = true;
    await deliver({ kind: 'new_note' }, 'Loud', false);
    expect(errors).toEqual(['Copying the transcript failed']);
    expect(await db.notes.count()).toBe(2);
  });

  it('joins text without blank runs', () => {
    expect(appendTranscript('', 'a')).toBe('a');
    expect(appendTranscript('  \n', 'a')).toBe('a');
    expect(appendTranscript('x\n\n\n', 'a')).toBe('x\n\na');
  });
});

describe('inserting at the cursor', () => {
  it('puts the words at the selection as words of their own and moves the caret after them', () => {
    expect(insertAt('Hello world', 5, 5, 'big')).toEqual({ value: 'Hello big world', caret: 9 });
    expect(insertAt('Hello ', 6, 6, 'there')).toEqual({ value: 'Hello there', caret: 11 });
    expect(insertAt('', 0, 0, 'First')).toEqual({ value: 'First', caret: 5 });
    // A selection is replaced.
    expect(insertAt('one two three', 4, 7, '2')).toEqual({ value: 'one 2 three', caret: 5 });
  });
});
