import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { formatHlc } from '../hlc.ts';
import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createCommands, type Commands } from './create-commands.ts';
import type { Seen } from './rebase-edit.ts';

const USER = '0000aaaa-0000-7000-8000-000000000001';
const OTHER_DEVICE = 'b'.repeat(32);
let now = Date.UTC(2026, 11, 2, 8, 0, 0);
const clock = { now: () => now, timeZone: () => 'Europe/Berlin' };

describe("an editor's save (R37–R39)", () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    now = Date.UTC(2026, 11, 2, 8, 0, 0);
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(1) });
  });

  afterEach(() => db.close());

  async function shownNow(id: string, fields: string[]): Promise<Seen> {
    const row = await db.notes.get(id);
    if (!row) throw new Error('no note');
    return Object.fromEntries(
      fields.map((field) => [
        field,
        { value: (row as Record<string, unknown>)[field], hlc: row._sync.hlc[field] ?? '' },
      ]),
    );
  }

  /** What a pull does with another device's save: the row takes its value and HLC (R13, R14). */
  async function pulledFromOtherDevice(id: string, fields: Record<string, unknown>): Promise<string> {
    now += 1_000;
    const hlc = formatHlc({ ms: now, counter: 0, node: OTHER_DEVICE });
    const row = await db.notes.get(id);
    if (!row) throw new Error('no note');
    const stamps = Object.fromEntries(Object.keys(fields).map((field) => [field, hlc]));
    await db.notes.put({
      ...row,
      ...fields,
      _sync: { ...row._sync, version: row._sync.version + 1, hlc: { ...row._sync.hlc, ...stamps } },
    });
    now += 1_000;
    return hlc;
  }

  it('[R37] plans a save against the base it showed, not the stored row', async () => {
    const id = await commands.createNote({ body: 'We met at noon.' });
    const seen = await shownNow(id, ['body']);
    await db.outbox.clear();
    await pulledFromOtherDevice(id, { body: 'We met at two.' });

    const saved = await commands.editNote(id, { body: 'We met at one.' }, seen);

    // The same words changed differently: ours is kept, and the change says it never saw the other
    // device's value, so the server keeps that value as a conflict (R20, R21).
    expect(saved['body']?.value).toBe('We met at one.');
    const [queued] = await db.outbox.toArray();
    expect(queued?.base['body']).toBe(seen['body']?.hlc);
    expect(await db.conflicts.count()).toBe(0);
  });

  it('[R38] merges words typed while another device added words elsewhere in the same note', async () => {
    const id = await commands.createNote({ body: 'The walk was long. Home by six.' });
    const seen = await shownNow(id, ['body']);
    await db.outbox.clear();
    const theirs = await pulledFromOtherDevice(id, { body: 'The walk was long. Home by six, tired.' });

    const saved = await commands.editNote(id, { body: 'The walk was very long. Home by six.' }, seen);

    expect(saved['body']?.value).toBe('The walk was very long. Home by six, tired.');
    expect((await db.notes.get(id))?.body).toBe('The walk was very long. Home by six, tired.');
    // The merged value includes the other device's: it is based on it, and nothing is a conflict.
    const [queued] = await db.outbox.toArray();
    expect(queued?.base['body']).toBe(theirs);
    expect(queued?.patch['body']).toBe('The walk was very long. Home by six, tired.');
  });

  it('[R38] keeps every typed word when the other change lacks one of them: ours whole, theirs a conflict', async () => {
    const id = await commands.createNote({ body: 'The walk was long. Home by six.' });
    const seen = await shownNow(id, ['body']);
    await db.outbox.clear();
    // Without "six": a correction, or a value written before this device's words reached it.
    await pulledFromOtherDevice(id, { body: 'The walk was long. Home by seven.' });

    const saved = await commands.editNote(id, { body: 'The walk was very long. Home by six.' }, seen);

    expect(saved['body']?.value).toBe('The walk was very long. Home by six.');
    // Based on what the editor showed: the server keeps the other device's value as a conflict (R21).
    const [queued] = await db.outbox.toArray();
    expect(queued?.base['body']).toBe(seen['body']?.hlc);
    expect(queued?.base_text?.['body']).toBe('The walk was long. Home by six.');
  });

  it("[R38] keeps another tab's words as a local conflict where both tabs changed the same words", async () => {
    const id = await commands.createNote({ body: 'Dinner at eight.' });
    const seen = await shownNow(id, ['body']);
    // Another tab of this device (same database, same node) saves first.
    await commands.updateNote(id, { body: 'Dinner at nine.' });

    const saved = await commands.editNote(id, { body: 'Dinner at seven.' }, seen);

    expect(saved['body']?.value).toBe('Dinner at seven.');
    const conflicts = await db.conflicts.toArray();
    expect(conflicts).toMatchObject([
      { table_name: 'notes', row_id: id, field: 'body', kind: 'lww_lost', losing_value: 'Dinner at nine.' },
    ]);
  });

  it('[R38] merges tags as a set: an add here and a removal elsewhere both hold', async () => {
    const id = await commands.createNote({ tags: ['home', 'work'] });
    const seen = await shownNow(id, ['tags']);
    await pulledFromOtherDevice(id, { tags: ['home'] });

    const saved = await commands.editNote(id, { tags: ['home', 'work', 'trip'] }, seen);

    expect(saved['tags']?.value).toEqual(['home', 'trip']);
    expect((await db.notes.get(id))?.tags).toEqual(['home', 'trip']);
  });

  it('[R39] keeps words saved into a note deleted meanwhile, which stays in the trash', async () => {
    const id = await commands.createNote({ body: 'Draft' });
    const seen = await shownNow(id, ['body']);
    await commands.deleteNote(id);

    await commands.editNote(id, { body: 'Draft, and the words typed as it was deleted' }, seen);

    expect(await db.notes.get(id)).toMatchObject({
      body: 'Draft, and the words typed as it was deleted',
      deleted_at: expect.any(String),
    });
    await commands.restoreNote(id);
    expect(await db.notes.get(id)).toMatchObject({ deleted_at: null });
  });

  it('[R37] answers with the stored value when the save changes nothing', async () => {
    const id = await commands.createNote({ body: 'Same' });
    const seen = await shownNow(id, ['body']);
    expect(await commands.editNote(id, { body: 'Same' }, seen)).toEqual(seen);
  });
});
