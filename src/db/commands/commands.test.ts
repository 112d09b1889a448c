import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { defaultUserSettings, userSettingsSchema } from '../entities/user-settings.ts';
import { getHlcState } from '../sync-meta.ts';
import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createCommands, type Commands } from './create-commands.ts';
import { EntityDeletedError, EntityNotFoundError } from './write-change.ts';

const USER = '0000aaaa-0000-7000-8000-000000000001';
let now = Date.UTC(2026, 10, 22, 8, 0, 0);
const clock = { now: () => now, timeZone: () => 'America/Sao_Paulo' };

describe('commands', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    now = Date.UTC(2026, 10, 22, 8, 0, 0);
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(1) });
  });

  afterEach(() => db.close());

  it('[R5] createNote writes the note, one outbox row with every field, and the HLC state together', async () => {
    const id = await commands.createNote({ title: 'Idea', tags: ['work'] });
    const note = await db.notes.get(id);
    expect(note).toMatchObject({ title: 'Idea', body: '', tags: ['work'], pinned: false, deleted_at: null });
    const [row] = await db.outbox.toArray();
    const { _sync, ...fields } = note ?? { _sync: null };
    expect(row?.patch).toEqual(fields);
    expect(Object.values(row?.base ?? {})).toEqual(Object.keys(fields).map(() => ''));
    const stamp = row?.hlc['title'];
    expect(new Set(Object.values(row?.hlc ?? {}))).toEqual(new Set([stamp]));
    expect(_sync?.hlc['title']).toBe(stamp);
    expect(await getHlcState(db)).toBe(stamp);
  });

  it('[R5] writes nothing at all when the outbox write fails', async () => {
    db.outbox.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(commands.createNote({ title: 'lost?' })).rejects.toThrow('disk full');
    expect(await db.notes.count()).toBe(0);
    expect(await getHlcState(db)).toBe('');
  });

  it("a check-in saved from its form removes the form's kept draft in the same transaction", async () => {
    await commands.keepFormDraft('mood:new:2026-11-22', { level: 4, note: 'River walk', activities: [] });
    const id = await commands.createMoodEntry(
      { level: 4, note: 'River walk' },
      { draftKey: 'mood:new:2026-11-22' },
    );
    expect(await db.mood_entries.get(id)).toMatchObject({ level: 4, note: 'River walk' });
    expect(await db.form_drafts.count()).toBe(0);

    // A refused save keeps the draft: the words are still on the device for another try.
    await commands.keepFormDraft(`mood:${id}`, { level: 4, note: 'edited', activities: [] });
    await expect(commands.updateMoodEntry(id, { level: 9 }, { draftKey: `mood:${id}` })).rejects.toThrow();
    expect(await db.form_drafts.get(`mood:${id}`)).toMatchObject({
      value: { note: 'edited' },
      saved_at: new Date(now).toISOString(),
    });
    expect(await db.outbox.count()).toBe(1);
    await expect(commands.keepFormDraft('', {})).rejects.toThrow("A form draft's key");
  });

  it('[R5] queues only the fields that changed, with the HLC each had before as base', async () => {
    const id = await commands.createNote({ title: 'A', body: 'one' });
    const created = (await db.notes.get(id))?._sync.hlc['body'];
    now += 1000;
    expect(await commands.updateNote(id, { body: 'two', title: 'A' })).toEqual(['body']);
    expect(await commands.updateNote(id, { body: 'two' })).toEqual([]);
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ entity_id: id, patch: { body: 'two' }, base: { body: created } });
    expect((rows[1]?.hlc['body'] ?? '') > (created ?? '')).toBe(true);
  });

  it("[R5] a change inside a caller's transaction commits with it, not before", async () => {
    const id = await commands.createNote({ title: 'A', body: 'one' });
    const scope = [db.notes, db.outbox, db.sync_meta];
    await expect(
      db.transaction('rw', scope, async () => {
        await commands.updateNote(id, { title: 'B' });
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect((await db.notes.get(id))?.title).toBe('A');
    expect(await db.outbox.count()).toBe(1);

    await db.transaction('rw', scope, async () => {
      await commands.updateNote(id, { title: 'B' });
      await commands.updateNote(id, { body: 'two' });
    });
    expect(await db.notes.get(id)).toMatchObject({ title: 'B', body: 'two' });
    expect(await db.outbox.count()).toBe(3);
  });

  it('[R11] a change is newer than the row it changes even when the wall clock went back', async () => {
    const id = await commands.createNote({ body: 'x' });
    const before = (await db.notes.get(id))?._sync.hlc['body'] ?? '';
    now -= 60_000;
    await commands.updateNote(id, { body: 'y' });
    expect(((await db.notes.get(id))?._sync.hlc['body'] ?? '') > before).toBe(true);
  });

  it('uses the settings defaults for a new note and diary entry, and keeps the time zone', async () => {
    await commands.updateSettings({ default_note_font: 'Inter', default_diary_font_size: 18 });
    const note = await db.notes.get(await commands.createNote());
    expect(note).toMatchObject({ font: 'Inter', color: '#FFF7D1', font_size: 20 });
    const entry = await db.diary_entries.get(await commands.createDiaryEntry({ day: '2026-11-21' }));
    expect(entry).toMatchObject({
      day: '2026-11-21',
      time_zone: 'America/Sao_Paulo',
      font: 'Montserrat',
      font_size: 18,
    });
    const mood = await db.mood_entries.get(await commands.createMoodEntry({ level: 4, activities: ['run'] }));
    expect(mood).toMatchObject({
      level: 4,
      time_zone: 'America/Sao_Paulo',
      moment: new Date(now).toISOString(),
    });
  });

  it('refuses invalid values and writes nothing', async () => {
    await expect(commands.createMoodEntry({ level: 6 })).rejects.toThrow();
    await expect(commands.createNote({ color: 'red' })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    await expect(commands.updateNote('missing', { body: 'x' })).rejects.toBeInstanceOf(EntityNotFoundError);
  });

  it('[R24][R25] delete is a tombstone; a deleted note cannot be edited until restored', async () => {
    const id = await commands.createNote({ body: 'keep me' });
    await commands.deleteNote(id);
    expect((await db.notes.get(id))?.deleted_at).toBe(new Date(now).toISOString());
    await expect(commands.updateNote(id, { body: 'edit' })).rejects.toBeInstanceOf(EntityDeletedError);
    await commands.restoreNote(id);
    expect(await db.notes.get(id)).toMatchObject({ deleted_at: null, body: 'keep me' });
    expect((await db.outbox.toArray()).map((r) => r.patch)).toEqual([
      expect.objectContaining({ body: 'keep me' }),
      { deleted_at: new Date(now).toISOString() },
      { deleted_at: null },
    ]);
  });

  it('[R9] settings: one row per user, defaults from the product spec, only changed fields queued', async () => {
    await commands.updateSettings({ preferred_theme: 'dark' });
    const stored = await db.user_settings.get(USER);
    const { _sync, ...settings } = stored ?? { _sync: null };
    expect(settings).toEqual({ ...defaultUserSettings(USER), preferred_theme: 'dark' });
    expect(Object.keys(_sync?.hlc ?? {})).toEqual(['preferred_theme']);
    expect((await db.outbox.toArray()).map((r) => r.patch)).toEqual([{ preferred_theme: 'dark' }]);
    await expect(commands.updateSettings({ openai_api_key: 'sk' } as never)).rejects.toThrow();
  });

  it('settings defaults match product spec §3 and the schema', () => {
    const defaults = defaultUserSettings(USER);
    expect(userSettingsSchema.parse(defaults)).toEqual(defaults);
    expect(defaults).toMatchObject({
      auto_save: true,
      bitrate: '128kbps',
      recording_confirmation: 'always',
      available_models: { whisper: 'Whisper', local: 'Local Processing' },
      openrouter_api_key: null,
      custom_models_array: [],
      default_mood_font: 'Architects Daughter',
      default_diary_color: '#f3e8ff',
      site_config: { site_url: '', site_name: '' },
      transcription_section_expanded: true,
      preferred_theme: 'light',
      enable_note_lock: false,
    });
  });

  it('[R23] restoring a conflict writes the kept value as a newer change and resolves the conflict at once', async () => {
    const id = await commands.createNote({ body: 'current' });
    await db.outbox.clear();
    await db.conflicts.put({
      id: 'c1',
      table_name: 'notes',
      row_id: id,
      field: 'body',
      kind: 'lww_lost',
      losing_value: 'my lost paragraph',
      losing_hlc: '',
      winning_hlc: '',
      reason: 'test',
      created_at: new Date(now).toISOString(),
      resolved_at: null,
      _sync: { version: 3, hlc: {} },
    });
    await commands.deleteNote(id);
    await commands.restoreConflict('c1');
    expect(await db.notes.get(id)).toMatchObject({ body: 'my lost paragraph', deleted_at: null });
    expect((await db.conflicts.get('c1'))?.resolved_at).toBe(new Date(now).toISOString());
    expect((await db.outbox.toArray()).map((r) => [r.table, r.patch])).toEqual([
      ['notes', { deleted_at: new Date(now).toISOString() }],
      ['notes', { body: 'my lost paragraph', deleted_at: null }],
      ['conflicts', { resolved_at: new Date(now).toISOString() }],
    ]);
  });

  it('recordings keep their metadata and storage path under the user', async () => {
    const id = await commands.createRecording({
      entry_table: 'notes',
      entry_id: null,
      mime_type: 'audio/webm',
      size_bytes: 10,
      duration_ms: 1200,
      sha256: null,
    });
    await commands.markRecordingUploaded(id);
    expect(await db.recordings.get(id)).toMatchObject({
      storage_path: `${USER}/${id}`,
      uploaded_at: new Date(now).toISOString(),
    });
  });
});
