import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { lostVersion } from '../../testing/conflicts/lost-version.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { isPurged } from '../is-purged.ts';
import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { createCommands, type Commands } from './create-commands.ts';
import { DiaryEntryNotDeletedError, NoteNotInTrashError } from './purge-commands.ts';

const USER = '0000aaaa-0000-7000-8000-000000000001';
const clock = { now: () => Date.UTC(2026, 11, 2, 8, 0, 0), timeZone: () => 'Europe/Berlin' };

describe('[R42] deleting notes forever', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(1) });
  });
  afterEach(() => db.close());

  /** Everything the device stores of the user's synced data, as text, to look for words in. */
  async function everythingStored(): Promise<string> {
    const tables = [db.notes, db.conflicts, db.recordings];
    const rows = await Promise.all(tables.map((table) => table.toArray()));
    return JSON.stringify(rows);
  }

  /** The trash's notes, as the trash screen lists them. */
  async function trash(): Promise<string[]> {
    const notes = await db.notes.toArray();
    return notes.filter((note) => note.deleted_at !== null && !isPurged(note)).map((note) => note.id);
  }

  it('removes the words, the versions sync kept of them and the transcripts, and queues each for sync', async () => {
    const id = await commands.createNote({
      title: 'Therapy',
      body: 'what I said about Ana',
      tags: ['private'],
    });
    await db.conflicts.put(
      lostVersion(
        { id: 'c1', table_name: 'notes', row_id: id, field: 'body', losing_value: 'an older Ana draft' },
        clock.now(),
      ),
    );
    await db.conflicts.update('c1', { base_value: 'what Ana and I both started from' });
    const recordingId = await commands.createRecording({
      entry_table: 'notes',
      entry_id: id,
      mime_type: 'audio/webm',
      size_bytes: 10,
      duration_ms: 1000,
      sha256: null,
      transcript: 'Ana, spoken',
    });
    await commands.deleteNote(id);
    const queuedBefore = await db.outbox.count();

    await commands.purgeNote(id);

    expect(await everythingStored()).not.toMatch(/Ana|Therapy|private/);
    expect(await db.notes.get(id)).toMatchObject({
      title: '',
      body: '',
      tags: [],
      deleted_at: expect.any(String),
    });
    expect(await db.recordings.get(recordingId)).toMatchObject({
      transcript: '',
      segments: [],
      deleted_at: expect.any(String),
    });
    // Pushed like any change, so the server and every other device lose the words too.
    const queued = (await db.outbox.toArray()).slice(queuedBefore);
    expect(queued.map(({ table, entity_id }) => `${table} ${entity_id}`).sort()).toEqual(
      [`conflicts c1`, `notes ${id}`, `recordings ${recordingId}`].sort(),
    );
    expect(queued.find((row) => row.table === 'notes')?.patch).toMatchObject({
      title: '',
      body: '',
      tags: [],
    });
    expect(await trash()).toEqual([]);
  });

  it('never brings a purged note back to the notes, the trash or an undo', async () => {
    const id = await commands.createNote({ title: 'Gone', body: 'for good' });
    await commands.deleteNote(id);
    await commands.purgeNote(id);
    const note = await db.notes.get(id);
    expect(note?.deleted_at).not.toBeNull();
    expect(note && isPurged(note)).toBe(true);
    expect(await trash()).toEqual([]);
  });

  it('refuses a note that is not in the trash, and writes nothing', async () => {
    const id = await commands.createNote({ title: 'Keep me' });
    const queuedBefore = await db.outbox.count();
    await expect(commands.purgeNote(id)).rejects.toBeInstanceOf(NoteNotInTrashError);
    expect((await db.notes.get(id))?.title).toBe('Keep me');
    expect(await db.outbox.count()).toBe(queuedBefore);
  });

  it('empties the whole trash and leaves the notes that are not in it', async () => {
    const kept = await commands.createNote({ title: 'Shopping' });
    const first = await commands.createNote({ title: 'Old plan' });
    const second = await commands.createNote({ body: 'An old letter' });
    await commands.deleteNote(first);
    await commands.deleteNote(second);

    await commands.emptyNotesTrash();

    expect(await trash()).toEqual([]);
    expect((await db.notes.get(kept))?.title).toBe('Shopping');
    expect(await everythingStored()).not.toMatch(/Old plan|old letter/);
  });

  it('[R43] deletes the note’s recordings and queues their uploaded audio for removal from Storage', async () => {
    const id = await commands.createNote({ body: 'Voice memo' });
    const recordingId = await commands.createRecording({
      entry_table: 'notes',
      entry_id: id,
      mime_type: 'audio/webm',
      size_bytes: 10,
      duration_ms: 1000,
      sha256: null,
    });
    await commands.markRecordingUploaded(recordingId);
    await commands.deleteNote(id);

    await commands.purgeNote(id);

    expect((await db.recordings.get(recordingId))?.deleted_at).toEqual(expect.any(String));
    expect(await db.local_recordings.get(recordingId)).toMatchObject({
      state: 'discarded',
      upload: { status: 'remove' },
    });
  });
});

describe('[R43] deleting diary entries forever', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(1) });
  });
  afterEach(() => db.close());

  it('removes the words, the versions sync kept of them and the recordings, and queues each for sync', async () => {
    const id = await commands.createDiaryEntry({
      day: '2026-12-02',
      title: 'Tuesday',
      body: 'I told Ana everything',
    });
    await db.conflicts.put(
      lostVersion(
        { id: 'c1', table_name: 'diary_entries', row_id: id, field: 'body', losing_value: 'Ana, before' },
        clock.now(),
      ),
    );
    const recordingId = await commands.createRecording({
      entry_table: 'diary_entries',
      entry_id: id,
      mime_type: 'audio/webm',
      size_bytes: 10,
      duration_ms: 1000,
      sha256: null,
      transcript: 'Ana, spoken',
    });
    await commands.deleteDiaryEntry(id);
    const queuedBefore = await db.outbox.count();

    await commands.purgeDiaryEntry(id);

    const stored = JSON.stringify(
      await Promise.all([db.diary_entries, db.conflicts, db.recordings].map((table) => table.toArray())),
    );
    expect(stored).not.toMatch(/Ana|Tuesday/);
    const entry = await db.diary_entries.get(id);
    expect(entry).toMatchObject({ title: '', body: '', deleted_at: expect.any(String) });
    expect(entry && isPurged(entry)).toBe(true);
    expect((await db.recordings.get(recordingId))?.deleted_at).toEqual(expect.any(String));
    const queued = (await db.outbox.toArray()).slice(queuedBefore);
    expect(queued.map(({ table, entity_id }) => `${table} ${entity_id}`).sort()).toEqual(
      [`conflicts c1`, `diary_entries ${id}`, `recordings ${recordingId}`].sort(),
    );
  });

  it('refuses an entry that is not deleted, and writes nothing', async () => {
    const id = await commands.createDiaryEntry({ day: '2026-12-02', title: 'Keep me' });
    const queuedBefore = await db.outbox.count();
    await expect(commands.purgeDiaryEntry(id)).rejects.toBeInstanceOf(DiaryEntryNotDeletedError);
    expect((await db.diary_entries.get(id))?.title).toBe('Keep me');
    expect(await db.outbox.count()).toBe(queuedBefore);
  });
});
