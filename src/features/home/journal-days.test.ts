// liveQuery looks for a global indexedDB before it runs a query (Dexie issue 2046).
import 'fake-indexeddb/auto';

import { liveQuery } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { journalDays, readJournalDays } from './journal-days.ts';

const USER = '0000aaaa-0000-7000-8000-000000000002';

describe('journalDays', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let now = Date.parse('2026-11-22T01:30:00Z');

  beforeEach(async () => {
    now = Date.parse('2026-11-22T01:30:00Z');
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, {
      clock: { now: () => now, timeZone: () => 'UTC' },
      ids: createTestIds(7),
    });
  });

  afterEach(() => db.close());

  it('counts each live entry on its own day: a check-in in its zone, a note in the device’s', async () => {
    await commands.createDiaryEntry({ day: '2026-11-01' });
    const gone = await commands.createDiaryEntry({ day: '2026-11-02' });
    await commands.deleteDiaryEntry(gone);
    // 01:30 UTC is still the evening before in São Paulo.
    await commands.createMoodEntry({
      level: 4,
      moment: '2026-11-22T01:30:00.000Z',
      time_zone: 'America/Sao_Paulo',
    });
    const note = await commands.createNote({ title: 'late' });
    now = Date.parse('2026-11-23T12:00:00Z');
    const deletedNote = await commands.createNote({ title: 'gone' });
    await commands.deleteNote(deletedNote);

    expect(await journalDays(db, 'Europe/Berlin')).toEqual(
      new Set(['2026-11-01', '2026-11-21', '2026-11-22']),
    );
    expect(await journalDays(db, 'America/Los_Angeles')).toEqual(new Set(['2026-11-01', '2026-11-21']));
    await commands.deleteNote(note);
    expect(await journalDays(db, 'Europe/Berlin')).toEqual(new Set(['2026-11-01', '2026-11-21']));
  });

  it('reads a journal longer than one read', async () => {
    const start = Date.parse('2024-01-01T12:00:00Z');
    for (let day = 0; day < 1_200; day += 1) {
      now = start + day * 86_400_000;
      await commands.createNote({ title: `day ${day}` });
    }
    const days = await journalDays(db, 'UTC');
    expect(days.size).toBe(1_200);
    expect(days.has('2024-01-01')).toBe(true);
    expect(days.has('2027-04-14')).toBe(true);
  });

  it('read live, follows every change to the journal', async () => {
    const seen: Array<Set<string>> = [];
    const subscription = liveQuery(() => readJournalDays(db, 'UTC')).subscribe((days) => seen.push(days));
    const latest = async (size: number) => {
      for (let tries = 0; tries < 200 && seen.at(-1)?.size !== size; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 5));
      return seen.at(-1);
    };
    try {
      expect(await latest(0)).toEqual(new Set());
      const note = await commands.createNote({ title: 'first' });
      expect(await latest(1)).toEqual(new Set(['2026-11-22']));
      await commands.createDiaryEntry({ day: '2026-10-01' });
      expect(await latest(2)).toEqual(new Set(['2026-10-01', '2026-11-22']));
      await commands.deleteNote(note);
      expect(await latest(1)).toEqual(new Set(['2026-10-01']));
    } finally {
      subscription.unsubscribe();
    }
  });
});
