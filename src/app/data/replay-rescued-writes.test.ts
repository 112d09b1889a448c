import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createCommands, type Commands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { rescuedWrites } from '../../lib/drafts/read-rescued-writes.ts';
import { rescueWrite } from '../../lib/drafts/rescued-writes.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { replayRescuedWrites, watchRescuedWrites } from './replay-rescued-writes.ts';

const ANA = '0000aaaa-0000-7000-8000-000000000001';
const BEN = '0000bbbb-0000-7000-8000-000000000002';

let db: MurmurDatabase;
let commands: Commands;

beforeEach(async () => {
  const clock = { now: () => Date.UTC(2026, 10, 27, 8, 0, 0), timeZone: () => 'Europe/Berlin' };
  db = await openUserDatabase(ANA, { indexedDB: new IDBFactory(), IDBKeyRange });
  commands = createCommands(db, { clock, ids: createTestIds(3) });
});

afterEach(() => {
  db.close();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('replaying words a closed page rescued', () => {
  it('writes them through the commands, oldest first, queues them for sync, and removes them', async () => {
    const noteId = await commands.createNote({ title: 'Train', body: 'Half a' });
    const diaryId = await commands.createDiaryEntry({ day: '2026-11-27', body: 'Rain' });
    rescueWrite(ANA, { kind: 'note', id: noteId, patch: { body: 'Half a thought' } }, 1_000);
    rescueWrite(ANA, { kind: 'note', id: noteId, patch: { body: 'Half a thought before the train' } }, 2_000);
    rescueWrite(ANA, { kind: 'diary-entry', id: diaryId, patch: { title: 'Wet day' } }, 1_500);
    rescueWrite(
      ANA,
      { kind: 'form-draft', key: 'mood:new:2026-11-27', value: { level: 4, note: 'ok' } },
      1_700,
    );
    rescueWrite(BEN, { kind: 'note', id: noteId, patch: { body: 'Ben never writes Ana’s notes' } }, 3_000);
    const queuedBefore = await db.outbox.count();

    expect(await replayRescuedWrites(ANA, commands)).toBe(4);

    expect((await db.notes.get(noteId))?.body).toBe('Half a thought before the train');
    expect(await db.diary_entries.get(diaryId)).toMatchObject({ title: 'Wet day', body: 'Rain' });
    expect((await db.form_drafts.get('mood:new:2026-11-27'))?.value).toEqual({ level: 4, note: 'ok' });
    expect(await db.outbox.count()).toBeGreaterThan(queuedBefore);
    expect(rescuedWrites(ANA)).toEqual([]);
    expect(rescuedWrites(BEN)).toHaveLength(1);
  });

  it('creates a new note from its draft’s words once, whether or not its create landed first', async () => {
    const neverCreated = commands.newNoteId();
    const createdMeanwhile = commands.newNoteId();
    await commands.createNote({ title: 'Shopping' }, createdMeanwhile);
    rescueWrite(ANA, { kind: 'new-note', id: neverCreated, fields: { body: 'First words' } }, 1_000);
    rescueWrite(
      ANA,
      { kind: 'new-note', id: createdMeanwhile, fields: { title: 'Shopping', body: 'milk, rye' } },
      2_000,
    );

    expect(await replayRescuedWrites(ANA, commands)).toBe(2);

    expect(await db.notes.get(neverCreated)).toMatchObject({ body: 'First words', deleted_at: null });
    expect(await db.notes.get(createdMeanwhile)).toMatchObject({ title: 'Shopping', body: 'milk, rye' });
    expect(await db.notes.count()).toBe(2);
    expect(rescuedWrites(ANA)).toEqual([]);
  });

  it('creates a new diary entry from its draft’s words once, whether or not its create landed first', async () => {
    const neverCreated = commands.newDiaryEntryId();
    const createdMeanwhile = commands.newDiaryEntryId();
    await commands.createDiaryEntry({ day: '2026-11-26', body: 'Fog' }, createdMeanwhile);
    rescueWrite(
      ANA,
      { kind: 'new-diary-entry', id: neverCreated, fields: { day: '2026-11-27', title: '', body: 'Snow' } },
      1_000,
    );
    rescueWrite(
      ANA,
      {
        kind: 'new-diary-entry',
        id: createdMeanwhile,
        fields: { day: '2026-11-26', title: '', body: 'Fog, then sun' },
      },
      2_000,
    );

    expect(await replayRescuedWrites(ANA, commands)).toBe(2);

    expect(await db.diary_entries.get(neverCreated)).toMatchObject({
      day: '2026-11-27',
      body: 'Snow',
      deleted_at: null,
    });
    expect(await db.diary_entries.get(createdMeanwhile)).toMatchObject({ body: 'Fog, then sun' });
    expect(await db.diary_entries.count()).toBe(2);
    expect(rescuedWrites(ANA)).toEqual([]);
  });

  it('removes a kept form draft when the rescue says the form was emptied', async () => {
    await commands.keepFormDraft('mood:new:2026-11-27', { level: 2 });
    rescueWrite(ANA, { kind: 'form-draft', key: 'mood:new:2026-11-27', value: null }, 1_000);

    await replayRescuedWrites(ANA, commands);

    expect(await db.form_drafts.get('mood:new:2026-11-27')).toBeUndefined();
  });

  it('[R39] keeps words rescued for a note deleted meanwhile in the deleted note, which stays deleted', async () => {
    const noteId = await commands.createNote({ body: 'gone soon' });
    const shown = await db.notes.get(noteId);
    await commands.deleteNote(noteId);
    const seen = { body: { value: 'gone soon', hlc: shown?._sync.hlc['body'] ?? '' } };
    rescueWrite(
      ANA,
      { kind: 'note', id: noteId, patch: { body: 'gone soon, typed as another device deleted it' }, seen },
      1_000,
    );

    expect(await replayRescuedWrites(ANA, commands)).toBe(1);

    expect(await db.notes.get(noteId)).toMatchObject({
      body: 'gone soon, typed as another device deleted it',
      deleted_at: expect.any(String),
    });
    expect(rescuedWrites(ANA)).toEqual([]);
  });

  it('[R39] keeps words that no entry on the device can take as a conflict, never only in a log', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    rescueWrite(ANA, { kind: 'note', id: 'not-on-this-device', patch: { body: 'nowhere to go' } }, 1_000);

    expect(await replayRescuedWrites(ANA, commands)).toBe(0);

    expect(await db.conflicts.toArray()).toMatchObject([
      { row_id: 'not-on-this-device', kind: 'rejected', losing_value: { body: 'nowhere to go' } },
    ]);
    expect(rescuedWrites(ANA)).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
  });

  it('[R38] merges rescued words with a change stored after the page closed', async () => {
    const noteId = await commands.createNote({ body: 'Morning walk.' });
    const shown = await db.notes.get(noteId);
    const seen = { body: { value: 'Morning walk.', hlc: shown?._sync.hlc['body'] ?? '' } };
    rescueWrite(ANA, { kind: 'note', id: noteId, patch: { body: 'Morning walk. Rain later.' }, seen }, 1_000);
    await commands.updateNote(noteId, { body: 'Up early. Morning walk.' });

    expect(await replayRescuedWrites(ANA, commands)).toBe(1);

    expect((await db.notes.get(noteId))?.body).toBe('Up early. Morning walk. Rain later.');
  });

  it('keeps a rescue for the next start when the database fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const noteId = await commands.createNote({ body: 'draft' });
    rescueWrite(ANA, { kind: 'note', id: noteId, patch: { body: 'draft, longer' } }, 1_000);
    db.close();

    expect(await replayRescuedWrites(ANA, commands)).toBe(0);

    expect(rescuedWrites(ANA)).toHaveLength(1);
    expect(error).toHaveBeenCalledWith(
      'Murmur could not yet write words kept from a closed page; it will try again',
      expect.anything(),
    );
  });

  it('in an open tab, writes what another tab of the same user rescued as it closed', async () => {
    const noteId = await commands.createNote({ body: 'Shared' });
    const stop = watchRescuedWrites(ANA, commands);
    const key = rescueWrite(ANA, { kind: 'note', id: noteId, patch: { body: 'Shared list' } }, 1_000);
    // The other tab's write reaches this one as a storage event.
    window.dispatchEvent(
      new StorageEvent('storage', {
        key,
        newValue: localStorage.getItem(key ?? ''),
        storageArea: localStorage,
      }),
    );

    await vi.waitFor(async () => expect((await db.notes.get(noteId))?.body).toBe('Shared list'));
    expect(rescuedWrites(ANA)).toEqual([]);

    stop();
    const later = rescueWrite(ANA, { kind: 'note', id: noteId, patch: { body: 'after closing' } }, 2_000);
    window.dispatchEvent(
      new StorageEvent('storage', { key: later, newValue: '{}', storageArea: localStorage }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await db.notes.get(noteId))?.body).toBe('Shared list');
  });
});
