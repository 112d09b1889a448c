import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { NOTE_LIST_INDEX_MIDDLEWARE, NOTE_ORDER_INDEX, NOTE_TAGS_INDEX } from './note-list-index.ts';
import { latestSchemaVersion, MurmurDatabase, schemaVersions } from './schema.ts';

/**
 * [R35] Every schema version opens, and a database written by each earlier version upgrades to the
 * latest without losing rows (queued outbox rows included). A new version adds its fixture here.
 */
describe('[R35] schema versions', () => {
  it('are numbered 1, 2, … in order', () => {
    expect(schemaVersions.map((v) => v.version)).toEqual(schemaVersions.map((_, i) => i + 1));
    expect(latestSchemaVersion).toBe(schemaVersions.length);
  });

  for (const from of schemaVersions) {
    it(`upgrades a version ${from.version} database to version ${latestSchemaVersion} keeping its rows`, async () => {
      const indexedDB = new IDBFactory();
      const old = new MurmurDatabase(
        'murmur-user-upgrade',
        'upgrade',
        { indexedDB, IDBKeyRange },
        schemaVersions.slice(0, from.version),
      );
      await old.open();
      await old.table('outbox').add({
        mutation_id: 'm1',
        table: 'notes',
        entity_id: 'n1',
        patch: { title: 'kept' },
        hlc: {},
        base: {},
        created_at: '2026-11-22T08:00:00.000Z',
      });
      await old.table('sync_meta').put({ key: 'cursor', value: 12 });
      old.close();

      const latest = new MurmurDatabase('murmur-user-upgrade', 'upgrade', { indexedDB, IDBKeyRange });
      await latest.open();
      expect(latest.verno).toBe(latestSchemaVersion);
      expect(await latest.outbox.toArray()).toEqual([
        expect.objectContaining({ seq: 1, entity_id: 'n1', patch: { title: 'kept' } }),
      ]);
      expect(await latest.sync_meta.get('cursor')).toEqual({ key: 'cursor', value: 12 });
      const stores = Object.entries(schemaVersions.at(-1)?.stores ?? {});
      expect(latest.tables.map((t) => t.name).sort()).toEqual(
        stores
          .filter(([, indexes]) => indexes !== null)
          .map(([name]) => name)
          .sort(),
      );
      latest.close();
    });
  }

  it('gives version 2 recordings, and their queued creations, an empty segments list', async () => {
    const indexedDB = new IDBFactory();
    const old = new MurmurDatabase(
      'murmur-user-segments',
      'u',
      { indexedDB, IDBKeyRange },
      schemaVersions.slice(0, 2),
    );
    await old.open();
    const stamp = '000001764000000-000000-0123456789abcdef0123456789abcdef';
    const recording = { id: 'r1', transcript: 'hello', created_at: '2026-11-22T08:00:00.000Z' };
    await old.table('recordings').add(recording);
    await old.table('outbox').bulkAdd([
      {
        mutation_id: 'm1',
        table: 'recordings',
        entity_id: 'r1',
        patch: recording,
        hlc: { id: stamp, transcript: stamp, created_at: stamp },
        base: {},
        created_at: recording.created_at,
      },
      {
        mutation_id: 'm2',
        table: 'recordings',
        entity_id: 'r1',
        patch: { transcript: 'edited' },
        hlc: { transcript: stamp },
        base: {},
        created_at: recording.created_at,
      },
      {
        mutation_id: 'm3',
        table: 'notes',
        entity_id: 'n1',
        patch: { created_at: recording.created_at },
        hlc: { created_at: stamp },
        base: {},
        created_at: recording.created_at,
      },
    ]);
    old.close();

    const latest = new MurmurDatabase('murmur-user-segments', 'u', { indexedDB, IDBKeyRange });
    await latest.open();
    expect(await latest.recordings.get('r1')).toEqual({ ...recording, segments: [] });
    const [create, edit, note] = await latest.outbox.toArray();
    expect(create?.patch).toEqual({ ...recording, segments: [] });
    expect(create?.hlc['segments']).toBe(stamp);
    expect(edit?.patch).toEqual({ transcript: 'edited' });
    expect(note?.patch).toEqual({ created_at: recording.created_at });
    latest.close();
  });

  it('indexes version 3 notes in list order, leaving deleted ones out (ADR 0097)', async () => {
    const indexedDB = new IDBFactory();
    const old = new MurmurDatabase(
      'murmur-user-order',
      'u',
      { indexedDB, IDBKeyRange },
      schemaVersions.slice(0, 3),
    );
    // Written as version 3's code wrote them: without the derived keys.
    old.unuse({ stack: 'dbcore', name: NOTE_LIST_INDEX_MIDDLEWARE });
    await old.open();
    const stamp = (ms: number) => `${String(ms).padStart(15, '0')}-000000-0123456789abcdef0123456789abcdef`;
    const note = (id: string, ms: number, extra: Record<string, unknown> = {}) => ({
      id,
      title: id,
      tags: [id],
      pinned: false,
      deleted_at: null,
      _sync: { version: 3, hlc: { title: stamp(ms) } },
      ...extra,
    });
    await old
      .table('notes')
      .bulkAdd([
        note('older', 1000),
        note('newer', 2000),
        note('pinned', 500, { pinned: true }),
        note('deleted', 3000, { deleted_at: '2026-11-22T08:00:00.000Z' }),
      ]);
    expect((await old.table('notes').get('older'))._sync).toEqual({
      version: 3,
      hlc: { title: stamp(1000) },
    });
    old.close();

    const latest = new MurmurDatabase('murmur-user-order', 'u', { indexedDB, IDBKeyRange });
    await latest.open();
    expect((await latest.notes.orderBy(NOTE_ORDER_INDEX).toArray()).map((row) => row.id)).toEqual([
      'pinned',
      'newer',
      'older',
    ]);
    expect(await latest.notes.orderBy(NOTE_TAGS_INDEX).uniqueKeys()).toEqual(['newer', 'older', 'pinned']);
    expect((await latest.notes.get('deleted'))?._sync).toEqual({ version: 3, hlc: { title: stamp(3000) } });
    latest.close();
  });

  it('moves the rows a version 7 database still holds landed into their tables, and deletes the store (ADR 0132)', async () => {
    const indexedDB = new IDBFactory();
    const stamp = (ms: number) => `${String(ms).padStart(15, '0')}-000000-1c9f7fed49504a478d93281e1dad96b1`;
    const note = (id: string, version: number, title = id) => ({
      id,
      title,
      tags: ['t'],
      pinned: false,
      deleted_at: null,
      _sync: { version, hlc: { id: stamp(version), title: stamp(version), tags: stamp(version) } },
    });
    // Version 7 kept an HLC every field shares once (ADR 0118); version 6's rows keep their maps.
    const shared = (row: ReturnType<typeof note>) => ({
      ...row,
      _sync: { version: row._sync.version, hlc: stamp(row._sync.version) },
    });
    const sharedFields = (row: ReturnType<typeof note>) => {
      const fields = Object.keys(row).filter((key) => key !== '_sync');
      return {
        ...row,
        _sync: { ...row._sync, hlc: Object.fromEntries(fields.map((f) => [f, stamp(row._sync.version)])) },
      };
    };
    const old = new MurmurDatabase(
      'murmur-user-landed',
      'u',
      { indexedDB, IDBKeyRange },
      schemaVersions.slice(0, 7),
    );
    await old.open();
    // Written to its table after it landed, so newer than its landed copy: settling kept the table's.
    await old.table('notes').add(note('edited', 9, 'edited on this device'));
    await old.table('landed').bulkAdd([
      { table: 'notes', rows: [note('a', 1), note('edited', 2), note('twice', 3, 'first')] },
      { table: 'notes', rows: [shared(note('b', 4)), shared(note('twice', 5, 'later'))] },
      { table: 'mood_entries', rows: [{ id: 'm', mood: 3, _sync: { version: 6, hlc: { mood: stamp(6) } } }] },
      { table: 'gone_table', rows: [{ id: 'x', _sync: { version: 7, hlc: {} } }] },
    ]);
    old.close();

    const latest = new MurmurDatabase('murmur-user-landed', 'u', { indexedDB, IDBKeyRange });
    await latest.open();
    expect(latest.verno).toBe(latestSchemaVersion);
    expect(latest.backendDB().objectStoreNames.contains('landed')).toBe(false);
    const notes = await latest.notes.bulkGet(['a', 'b', 'edited', 'twice']);
    expect(
      notes.map((row) => row && { ...row, _sync: { version: row._sync.version, hlc: row._sync.hlc } }),
    ).toEqual([
      expect.objectContaining(note('a', 1)),
      expect.objectContaining(sharedFields(note('b', 4))),
      expect.objectContaining(note('edited', 9, 'edited on this device')),
      expect.objectContaining(sharedFields(note('twice', 5, 'later'))),
    ]);
    // Read from the indexes (their keys derived as the rows were written), as the list does.
    expect(await latest.notes.orderBy(NOTE_ORDER_INDEX).count()).toBe(4);
    expect(await latest.notes.where(NOTE_TAGS_INDEX).equals('t').count()).toBe(4);
    expect(await latest.mood_entries.get('m')).toEqual({
      id: 'm',
      mood: 3,
      _sync: { version: 6, hlc: { mood: stamp(6) } },
    });
    latest.close();
  });
  it('gives a version 8 database an empty store of sealed rows, one per entity (R47, ADR 0155)', async () => {
    const indexedDB = new IDBFactory();
    const old = new MurmurDatabase(
      'murmur-user-sealed',
      'u',
      { indexedDB, IDBKeyRange },
      schemaVersions.slice(0, 8),
    );
    await old.open();
    await old.table('notes').add({ id: 'n1', title: 'kept', _sync: { version: 3, hlc: {} } });
    old.close();

    const latest = new MurmurDatabase('murmur-user-sealed', 'u', { indexedDB, IDBKeyRange });
    await latest.open();
    expect(await latest.notes.get('n1')).toMatchObject({ title: 'kept' });
    expect(await latest.sealed_rows.count()).toBe(0);
    const sealed = { table: 'notes' as const, id: 'n1', data: { id: 'n1', title: 'mx1.AAAA' }, hlc: {} };
    await latest.sealed_rows.put({ ...sealed, version: 4 });
    await latest.sealed_rows.put({ ...sealed, version: 5 });
    await latest.sealed_rows.put({ ...sealed, table: 'diary_entries', version: 6 });
    expect(await latest.sealed_rows.count()).toBe(2);
    expect((await latest.sealed_rows.get(['notes', 'n1']))?.version).toBe(5);
    latest.close();
  });
});
