import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Stored } from '../entities/common.ts';
import type { Conflict } from '../entities/conflict.ts';
import { formatHlc } from '../hlc.ts';
import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { createCommands, type Commands } from './create-commands.ts';
import { mergeKeptConflicts, type TriedMerges } from './merge-kept-conflicts.ts';

const USER = '0000aaaa-0000-7000-8000-000000000001';
const DEVICE_A = 'a'.repeat(32);
const DEVICE_B = 'b'.repeat(32);
let now = Date.UTC(2026, 11, 2, 8, 0, 0);
const clock = { now: () => now, timeZone: () => 'Europe/Berlin' };

const BASE = 'We met at noon. It rained.';

describe('merging two edits that met on the server (R40)', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let tried: TriedMerges;
  const ctx = () => ({ db, ports: { clock, ids: createTestIds(7) } });

  beforeEach(async () => {
    now = Date.UTC(2026, 11, 2, 8, 0, 0);
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(1) });
    tried = new Map();
  });

  afterEach(() => db.close());

  /**
   * What a pull brings after device B's save met device A's at the server: the note holds B's text
   * (the winner) and A's text is kept as a conflict with the base both started from.
   */
  async function pulledMeeting(winning: string, losing: string, base: string | null = BASE) {
    const id = await commands.createNote({ body: BASE });
    await db.outbox.clear();
    const losingHlc = formatHlc({ ms: now + 1_000, counter: 0, node: DEVICE_A });
    const winningHlc = formatHlc({ ms: now + 2_000, counter: 0, node: DEVICE_B });
    const row = await db.notes.get(id);
    if (!row) throw new Error('no note');
    await db.notes.put({
      ...row,
      body: winning,
      _sync: { version: 5, hlc: { ...row._sync.hlc, body: winningHlc } },
    });
    const conflict: Stored<Conflict> = {
      id: 'c1',
      table_name: 'notes',
      row_id: id,
      field: 'body',
      kind: 'lww_lost',
      losing_value: losing,
      losing_hlc: losingHlc,
      winning_hlc: winningHlc,
      reason: 'a concurrent edit on another device won',
      created_at: new Date(now + 2_000).toISOString(),
      resolved_at: null,
      base_value: base,
      _sync: { version: 6, hlc: {} },
    };
    await db.conflicts.put(conflict);
    now += 5_000;
    return { id, winningHlc };
  }

  it('[R40] writes both sides where they changed different words, and resolves the conflict', async () => {
    const { id, winningHlc } = await pulledMeeting(
      'We met at noon in Köln. It rained.',
      'We met at noon. It rained all day.',
    );
    expect(await mergeKeptConflicts(ctx(), tried)).toBe(1);

    expect((await db.notes.get(id))?.body).toBe('We met at noon in Köln. It rained all day.');
    expect((await db.conflicts.get('c1'))?.resolved_at).not.toBeNull();
    const queued = await db.outbox.toArray();
    const merge = queued.find((row) => row.table === 'notes');
    // Based on the stored value it includes, so the server keeps nothing more as lost.
    expect(merge?.base['body']).toBe(winningHlc);
    expect(merge?.patch).toEqual({ body: 'We met at noon in Köln. It rained all day.' });
    expect(queued.some((row) => row.table === 'conflicts' && row.entity_id === 'c1')).toBe(true);
  });

  it('[R40] leaves the conflict where both changed the same words, and diffs it again only after a change', async () => {
    const { id } = await pulledMeeting('We met at two. It rained.', 'We met at three. It rained.');
    expect(await mergeKeptConflicts(ctx(), tried)).toBe(0);
    expect((await db.notes.get(id))?.body).toBe('We met at two. It rained.');
    expect((await db.conflicts.get('c1'))?.resolved_at).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    const firstTry = tried.get('c1');
    expect(firstTry).toBeTruthy();

    await commands.updateNote(id, { body: 'We met at two, then walked. It rained.' });
    await db.outbox.clear();
    expect(await mergeKeptConflicts(ctx(), tried)).toBe(0);
    expect(tried.get('c1')).not.toBe(firstTry);
    expect((await db.conflicts.get('c1'))?.resolved_at).toBeNull();
  });

  it('[R40] writes no merge that would drop a word of either side: the conflict stays', async () => {
    // The losing side lacks "noon": it may have started from another value than the base it carries
    // (words this device wrote and never pushed, say), so its absence is not a deletion to trust.
    const { id } = await pulledMeeting('We met at noon in Köln. It rained.', 'We met at. It rained all day.');
    expect(await mergeKeptConflicts(ctx(), tried)).toBe(0);
    expect((await db.notes.get(id))?.body).toBe('We met at noon in Köln. It rained.');
    expect((await db.conflicts.get('c1'))?.resolved_at).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('[R40] resolves without writing when the stored text already holds the losing side', async () => {
    const both = 'We met at noon in Köln. It rained.';
    await pulledMeeting(both, both);
    expect(await mergeKeptConflicts(ctx(), tried)).toBe(1);
    const queued = await db.outbox.toArray();
    expect(queued.map((row) => row.table)).toEqual(['conflicts']);
  });

  it('[R40] leaves conflicts without a base, and those of an entry in the trash', async () => {
    const { id } = await pulledMeeting('We met at noon in Köln. It rained.', 'It rained all day.', null);
    expect(await mergeKeptConflicts(ctx(), tried)).toBe(0);
    expect((await db.conflicts.get('c1'))?.resolved_at).toBeNull();

    await db.conflicts.update('c1', { base_value: BASE, losing_value: 'We met at noon. It rained all day.' });
    await commands.deleteNote(id);
    await db.outbox.clear();
    expect(await mergeKeptConflicts(ctx(), tried)).toBe(0);
    expect((await db.conflicts.get('c1'))?.resolved_at).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});
