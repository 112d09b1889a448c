import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestIds } from '../../testing/sync/test-ids.ts';
import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { setMeta } from '../sync-meta.ts';
import { createCommands, type Commands } from './create-commands.ts';

const USER = '0000aaaa-0000-7000-8000-000000000003';
let now = Date.UTC(2026, 11, 3, 8, 0, 0);
const clock = { now: () => now, timeZone: () => 'Europe/Berlin' };

/** Each entry's queued changes after `from`, by entity id: the fields queued and whether any is empty. */
async function queuedAfter(db: MurmurDatabase, from: number) {
  const rows = await db.outbox.where('seq').above(from).toArray();
  return rows.map((row) => ({ id: row.entity_id, fields: Object.keys(row.patch).sort() }));
}

describe('resending what was written before encryption was turned on', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(3) });
  });
  afterEach(() => db.close());

  it('queues every entry’s written fields, deleted ones too, and nothing empty', async () => {
    const note = await commands.createNote({ title: 'Heron', body: 'marmalade', tags: [] });
    const gone = await commands.createNote({ title: '', body: 'in the trash' });
    await commands.deleteNote(gone);
    const mood = await commands.createMoodEntry({ level: 3, note: '', activities: ['walk'] });
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    now += 60_000;

    await commands.startResendingWrittenEntries();
    expect(await commands.resendingWrittenEntries()).toBe(true);
    await commands.resendWrittenEntries();

    expect(await queuedAfter(db, last)).toEqual([
      { id: note, fields: ['body', 'title'] },
      { id: gone, fields: ['body'] },
      { id: mood, fields: ['activities'] },
    ]);
    expect(await commands.resendingWrittenEntries()).toBe(false);
    // The local copy is unchanged: only new stamps.
    expect(await db.notes.get(note)).toMatchObject({ title: 'Heron', body: 'marmalade' });
  });

  it('stamps each entry of a batch with its own HLC, in queue order, and moves the HLC state to the last', async () => {
    for (let i = 0; i < 300; i++) await commands.createNote({ title: `Note ${i}`, body: 'words' });
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;

    await commands.startResendingWrittenEntries();
    await commands.resendWrittenEntries();

    const queued = await db.outbox.where('seq').above(last).toArray();
    const stamps = queued.map((row) => row.hlc['title'] ?? '');
    expect(stamps).toHaveLength(300);
    expect(new Set(stamps).size).toBe(300);
    expect([...stamps].sort()).toEqual(stamps);
    expect(queued.every((row) => row.hlc['body'] === row.hlc['title'])).toBe(true);
    expect((await db.sync_meta.get('hlc'))?.value).toBe(stamps.at(-1));
    const stored = await db.notes.get(queued[299]?.entity_id ?? '');
    expect(stored?._sync.hlc).toMatchObject({ title: stamps.at(-1), body: stamps.at(-1) });
  });

  it('goes on after a reload from the last batch done, and does nothing once finished', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 600; i++) ids.push(await commands.createNote({ title: `Note ${i}`, body: 'words' }));
    ids.sort();
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    // Where a run that was stopped after its first batch left its position.
    await setMeta(db, 'resending', { table: 'notes', after: ids[249] });

    const progress: { done: number; total: number }[] = [];
    await commands.resendWrittenEntries((step) => progress.push(step));
    const queued = await queuedAfter(db, last);
    expect(queued.map((row) => row.id).sort()).toEqual(ids.slice(250));
    expect(progress[0]).toEqual({ done: 250, total: 600 });
    expect(progress.at(-1)).toEqual({ done: 600, total: 600 });

    const after = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    await commands.resendWrittenEntries();
    expect(await queuedAfter(db, after)).toEqual([]);
  });

  it('lets a recording leave for a cloud transcription in clear always, when encrypted only once allowed here', async () => {
    expect(await commands.cloudTranscriptionAllowed()).toBe(true);
    const key = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ]);
    await commands.holdJournalKey(key);
    expect(await commands.cloudTranscriptionAllowed()).toBe(false);
    await commands.allowCloudTranscription(true);
    expect(await commands.cloudTranscriptionAllowed()).toBe(true);
    await commands.allowCloudTranscription(false);
    expect(await commands.cloudTranscriptionAllowed()).toBe(false);
  });
});
