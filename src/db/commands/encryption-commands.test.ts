import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestIds } from '../../testing/sync/test-ids.ts';
import { audioResealing } from '../audio-resealing.ts';
import type { Stored } from '../entities/common.ts';
import type { Conflict } from '../entities/conflict.ts';
import { heldJournalKey, retiredJournalKey } from '../journal-key.ts';
import { openUserDatabase } from '../open-user-database.ts';
import { resendDirection } from '../resending.ts';
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

  it('[R48] resends the values conflicts kept on the server, resolved or not, and none kept on this device alone', async () => {
    const note = await commands.createNote({ title: 'Heron', body: 'marmalade' });
    const conflict = (id: string, version: number, values: Partial<Conflict>): Stored<Conflict> => ({
      id,
      table_name: 'notes',
      row_id: note,
      field: 'body',
      kind: 'lww_lost',
      losing_value: 'words that lost',
      losing_hlc: '',
      winning_hlc: '',
      reason: 'changed on two devices',
      created_at: new Date(now).toISOString(),
      resolved_at: null,
      base_value: 'words both started from',
      _sync: { version, hlc: {} },
      ...values,
    });
    await db.conflicts.bulkPut([
      conflict('c1', 4, {}),
      conflict('c2', 5, { resolved_at: new Date(now).toISOString(), base_value: null }),
      conflict('c3', 6, {
        field: null,
        kind: 'rejected',
        losing_value: { title: 'Too long' },
        base_value: null,
      }),
      conflict('c4', 7, { losing_value: null, base_value: null }),
      conflict('c5', 0, {}),
    ]);
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;

    await commands.startResendingWrittenEntries();
    await commands.resendWrittenEntries();

    expect(await queuedAfter(db, last)).toEqual([
      { id: note, fields: ['body', 'title'] },
      { id: 'c1', fields: ['base_value', 'losing_value'] },
      { id: 'c2', fields: ['losing_value'] },
      { id: 'c3', fields: ['losing_value'] },
    ]);
    expect(await db.conflicts.get('c3')).toMatchObject({ losing_value: { title: 'Too long' } });
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

describe('turning encryption off (ADR 0152)', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(4) });
    const key = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ]);
    await commands.holdJournalKey(key);
  });
  afterEach(() => db.close());

  it('keeps the key until the envelope is gone, then forgets it and marks the clear resend in one step', async () => {
    await commands.createNote({ title: 'Heron', body: 'marmalade' });
    await commands.startTurningEncryptionOff(3);
    // Confirmed, the envelope not yet removed: the key still seals, nothing is resent yet.
    expect(await commands.turningEncryptionOff()).toMatchObject({ version: 3 });
    expect(await heldJournalKey(db)).not.toBeNull();
    expect(await resendDirection(db)).toBeNull();

    await commands.finishTurningEncryptionOff();
    expect(await heldJournalKey(db)).toBeNull();
    expect(await resendDirection(db)).toBe('clear');
    // The stored audio is opened with the key held when it was confirmed (ADR 0153).
    expect(await audioResealing(db)).toMatchObject({ target: 'clear', key: expect.anything() });
    expect(await commands.turningEncryptionOff()).toBeUndefined();
    expect(await commands.resendWrittenEntries()).toBe('clear');
    expect(await resendDirection(db)).toBeNull();
  });

  it('resends clear every value the server may hold sealed, empty ones too, and keeps the key retired, to open only', async () => {
    const note = await commands.createNote({ title: 'Heron', body: '', tags: [] });
    const mood = await commands.createMoodEntry({ level: 3, note: '', activities: [] });
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    await commands.startTurningEncryptionOff(1);
    await commands.finishTurningEncryptionOff();
    await commands.resendWrittenEntries();

    // An empty text or tag list was sealed like any other value: left sealed, a device without the key
    // would keep the whole entry aside.
    expect(await queuedAfter(db, last)).toEqual([
      { id: note, fields: ['body', 'tags', 'title'] },
      { id: mood, fields: ['activities', 'note'] },
    ]);
    expect(await heldJournalKey(db)).toBeNull();
    expect(await retiredJournalKey(db)).not.toBeNull();

    // Encryption turned on again here: the new key is the one, the retired one goes.
    const next = await globalThis.crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await commands.holdJournalKey(next);
    expect(await retiredJournalKey(db)).toBeNull();
  });

  it('is not started on a device that does not hold the key', async () => {
    await commands.finishTurningEncryptionOff();
    await expect(commands.startTurningEncryptionOff(2)).rejects.toThrow(/holds the journal key/);
    expect(await commands.turningEncryptionOff()).toBeUndefined();
  });

  it('a cancelled turning off keeps the key and resends nothing', async () => {
    await commands.startTurningEncryptionOff(1);
    await commands.cancelTurningEncryptionOff();
    expect(await commands.turningEncryptionOff()).toBeUndefined();
    expect(await heldJournalKey(db)).not.toBeNull();
    expect(await commands.resendingWrittenEntries()).toBe(false);
  });

  it('a clear resend stopped by a reload goes on clear from the last batch, and never twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 600; i++) ids.push(await commands.createNote({ title: `Note ${i}`, body: 'words' }));
    ids.sort();
    await commands.startTurningEncryptionOff(1);
    await commands.finishTurningEncryptionOff();
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    // Where a run stopped after its first batch left its position, still going clear.
    await setMeta(db, 'resending', { table: 'notes', after: ids[249], clear: true });

    // Each batch's position, read as the batch has committed: the way the resend goes is kept.
    const ways: Promise<string | null>[] = [];
    const progress: { done: number; total: number }[] = [];
    const direction = await commands.resendWrittenEntries((step) => {
      progress.push(step);
      ways.push(resendDirection(db));
    });
    expect(direction).toBe('clear');
    expect(new Set((await Promise.all(ways.slice(0, -1))).filter((way) => way !== null))).toEqual(
      new Set(['clear']),
    );
    const queued = await queuedAfter(db, last);
    expect(queued.map((row) => row.id).sort()).toEqual(ids.slice(250));
    expect(progress[0]).toEqual({ done: 250, total: 600 });
    expect(progress.at(-1)).toEqual({ done: 600, total: 600 });

    const after = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    expect(await commands.resendWrittenEntries()).toBeNull();
    expect(await queuedAfter(db, after)).toEqual([]);
  });

  it('turned off while turning it on still resends: the clear resend takes over from its own start', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 600; i++) ids.push(await commands.createNote({ title: `Note ${i}`, body: 'words' }));
    ids.sort();
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
    await commands.startResendingWrittenEntries();
    let finishing: Promise<void> | null = null;
    const direction = await commands.resendWrittenEntries(({ done }) => {
      // After the first sealed batch committed: encryption is turned off meanwhile.
      if (done === 250 && !finishing) finishing = commands.finishTurningEncryptionOff();
    });
    await finishing;
    expect(direction).toBe('clear');
    const queued = (await queuedAfter(db, last)).map((row) => row.id);
    // The first batch went twice (once before, once after the turning off), every other entry once.
    expect(queued.filter((id) => ids.slice(0, 250).includes(id))).toHaveLength(500);
    expect(queued.filter((id) => ids.slice(250).includes(id)).sort()).toEqual(ids.slice(250));
    expect(await commands.resendingWrittenEntries()).toBe(false);
  });
});
