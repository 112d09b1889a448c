import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createCommands, type Commands } from './create-commands.ts';
import type { ImportRow } from './import-commands.ts';

const USER = '0000aaaa-0000-7000-8000-000000000002';
const clock = { now: () => Date.UTC(2026, 10, 22, 8, 0, 0), timeZone: () => 'Europe/Berlin' };

const note = (id: string, title: string): ImportRow => ({
  table: 'notes',
  row: {
    id,
    title,
    body: 'from elsewhere',
    font: 'Inter',
    color: '#FFF7D1',
    font_size: 18,
    pinned: true,
    locked: false,
    tags: ['trip'],
    created_at: '2019-05-01T10:00:00.000Z',
    deleted_at: null,
  },
});

describe('importEntries', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(2) });
  });
  afterEach(() => db.close());

  it('[R5] keeps the given id and created_at and queues each row in the outbox', async () => {
    const result = await commands.importEntries([note('a1', 'Lisbon')]);
    expect(result).toEqual({ added: 1, skipped: 0 });
    expect(await db.notes.get('a1')).toMatchObject({
      title: 'Lisbon',
      created_at: '2019-05-01T10:00:00.000Z',
      pinned: true,
    });
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ table: 'notes', entity_id: 'a1' });
    expect(row?.patch['created_at']).toBe('2019-05-01T10:00:00.000Z');
  });

  it('adds nothing on a second run and leaves existing rows untouched', async () => {
    await commands.importEntries([note('a1', 'Lisbon')]);
    await commands.updateNote('a1', { title: 'Lisbon, edited' });
    const result = await commands.importEntries([note('a1', 'Lisbon'), note('a2', 'Porto')]);
    expect(result).toEqual({ added: 1, skipped: 1 });
    expect((await db.notes.get('a1'))?.title).toBe('Lisbon, edited');
    expect(await db.notes.count()).toBe(2);
  });

  it('[R5] writes nothing when one row is invalid', async () => {
    const bad: ImportRow = { table: 'mood_entries', row: { id: 'm1', level: 9 } };
    await expect(commands.importEntries([note('a1', 'Lisbon'), bad])).rejects.toThrow();
    expect(await db.notes.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives an imported recording this user’s storage path and no upload', async () => {
    await commands.importEntries([
      {
        table: 'recordings',
        row: {
          id: 'r1',
          entry_table: null,
          entry_id: null,
          mime_type: 'audio/mp4',
          size_bytes: 10,
          duration_ms: 1000,
          sha256: null,
          storage_path: 'someone-else/r1',
          uploaded_at: '2020-01-01T00:00:00.000Z',
          transcript: 'hello',
          segments: [],
          created_at: '2020-01-01T00:00:00.000Z',
          deleted_at: null,
        },
      },
    ]);
    expect(await db.recordings.get('r1')).toMatchObject({ storage_path: `${USER}/r1`, uploaded_at: null });
  });

  it('applies imported settings as one settings change', async () => {
    await commands.importEntries([], { default_note_font: 'Lora', preferred_theme: 'dark' });
    expect(await db.user_settings.get(USER)).toMatchObject({
      default_note_font: 'Lora',
      preferred_theme: 'dark',
    });
  });
});
