import 'fake-indexeddb/auto';

import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import type { Stored } from '../entities/common.ts';
import type { Note } from '../entities/note.ts';
import { everyFieldAt } from '../hlc.ts';
import { NOTE_ORDER_INDEX, NOTE_TAGS_INDEX, storedForm } from '../note-list-index.ts';
import { readInChunks } from '../read-in-chunks.ts';
import { MurmurDatabase } from '../schema.ts';
import { landedRowOf, tableRowOf } from './landed-row-form.ts';

const opened: MurmurDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

function open(name: string): MurmurDatabase {
  const db = new MurmurDatabase(`landed-${name}-${Math.random()}`, 'user-1');
  opened.push(db);
  return db;
}

const TAGS = [[], ['work'], ['home', 'ideas'], ['work', 'home']];

/** Notes of every shape the indexes care about: pinned, tagged, deleted, on different days. */
function notes(count: number): Stored<Note>[] {
  return Array.from({ length: count }, (_, i) => {
    const stamp = `0001${(1_700_000_000_000 + ((i * 7919) % count)).toString(16).padStart(12, '0')}0000-c1`;
    const note = {
      id: `n${String(i).padStart(4, '0')}`,
      title: `note ${i}`,
      body: `body ${i}`,
      font: 'Inter',
      color: '#112233',
      font_size: 16,
      pinned: i % 11 === 0,
      locked: false,
      tags: TAGS[i % TAGS.length] ?? [],
      created_at: new Date(Date.UTC(2026, 0, 1 + (i % 40))).toISOString(),
      deleted_at: i % 9 === 0 ? '2026-03-01T00:00:00.000Z' : null,
    };
    // Every other note was written whole by one command (every field at one HLC): a chunk keeps its
    // HLC once (ADR 0118).
    const hlc = i % 2 === 0 ? everyFieldAt(Object.keys(note), stamp) : { title: stamp, body: stamp };
    return storedForm('notes', { ...note, _sync: { version: i + 1, hlc } } as unknown as Stored<Note>);
  });
}

/** The same notes twice: all stored as rows in one database, in the other some rows, the rest landed. */
async function twin(count: number, chunk: number, asRows: (i: number) => boolean) {
  const all = notes(count);
  const plain = open('plain');
  await plain.notes.bulkPut(all);
  const landed = open('landed');
  await landed.notes.bulkPut(all.filter((_, i) => asRows(i)));
  const rest = all.filter((_, i) => !asRows(i));
  for (let first = 0; first < rest.length; first += chunk) {
    await landed.landed.add({ table: 'notes', rows: rest.slice(first, first + chunk).map(landedRowOf) });
  }
  return { plain, landed, all };
}

/** Every read shape the app uses, from the same database. */
async function reads(db: MurmurDatabase) {
  return {
    get: await db.notes.get('n0007'),
    bulkGet: await db.notes.bulkGet(['n0003', 'nope', 'n0010', 'n0041']),
    toArray: await db.notes.toArray(),
    count: await db.notes.count(),
    deletedCount: await db.notes.orderBy('deleted_at').count(),
    firstScreen: (await db.notes.orderBy(NOTE_ORDER_INDEX).limit(12).toArray()).map((n) => n.id),
    laterBlock: (await db.notes.orderBy(NOTE_ORDER_INDEX).offset(20).limit(15).toArray()).map((n) => n.id),
    newestFirst: (await db.notes.orderBy(NOTE_ORDER_INDEX).reverse().limit(5).toArray()).map((n) => n.id),
    tags: await db.notes.orderBy(NOTE_TAGS_INDEX).uniqueKeys(),
    tagsBackwards: await db.notes.orderBy(NOTE_TAGS_INDEX).reverse().uniqueKeys(),
    days: await db.notes.orderBy('created_at').uniqueKeys(),
    lastDays: await db.notes.where('created_at').above('2026-01-30').reverse().uniqueKeys(),
    tagged: await db.notes.where(NOTE_TAGS_INDEX).equals('work').primaryKeys(),
    firstTagged: await db.notes.where(NOTE_TAGS_INDEX).equals('home').limit(3).primaryKeys(),
    lastTagged: await db.notes.where(NOTE_TAGS_INDEX).equals('ideas').reverse().limit(4).primaryKeys(),
    fromDay: (
      await db.notes.where('created_at').aboveOrEqual('2026-01-10T00:00:00.000Z').limit(9).toArray()
    ).map((n) => n.id),
    beforeDay: await db.notes
      .where('created_at')
      .below('2026-01-07T00:00:00.000Z')
      .reverse()
      .limit(6)
      .primaryKeys(),
    countInWeek: await db.notes
      .where('created_at')
      .between('2026-01-08T00:00:00.000Z', '2026-01-15T00:00:00.000Z', false, true)
      .count(),
    countOnDay: await db.notes.where('created_at').equals('2026-01-12T00:00:00.000Z').count(),
    countTagged: await db.notes.where(NOTE_TAGS_INDEX).equals('work').count(),
    inMonth: (
      await db.notes
        .where('created_at')
        .between('2026-01-05', '2026-01-20')
        .filter((n) => n.deleted_at === null)
        .toArray()
    ).map((n) => n.id),
    keys: await db.notes.toCollection().primaryKeys(),
    chunked: (await readInChunks(db.notes, 7)).map((n) => n.id),
    each: await (async () => {
      const seen: string[] = [];
      await db.notes
        .where('created_at')
        .above('2026-02-01')
        .each((n) => seen.push(n.id));
      return seen;
    })(),
  };
}

describe('landed rows', () => {
  it('read as rows of their table: every read shape answers as if they were stored rows', async () => {
    for (const [chunk, asRows] of [
      [10, (i: number) => i % 3 === 0],
      [25, () => false],
      [4, (i: number) => i < 30],
    ] as const) {
      const { plain, landed } = await twin(60, chunk, asRows);
      expect(await reads(landed)).toEqual(await reads(plain));
      // The notes written whole are the even ones; each is kept with its HLC once.
      const kept = (await landed.landed.toArray()).flatMap((c) => c.rows as Stored<Note>[]);
      expect(kept.filter((row) => typeof row._sync.hlc === 'string').map((row) => row.id)).toEqual(
        kept.filter((row) => Number(row.id.slice(1)) % 2 === 0).map((row) => row.id),
      );
    }
  });

  it.each([
    ['each id in one chunk', false],
    ['a later chunk holding a newer row of an earlier one', true],
  ])(
    'read between chunks landing one by one, as a walk reads between its pages (%s), they answer as stored rows',
    async (_, again) => {
      const all = notes(60);
      const plain = open('plain-walk');
      const landed = open('landed-walk');
      for (let first = 0; first < all.length; first += 12) {
        const page = all.slice(first, first + 12);
        // A later page may hold a newer version of a row an earlier chunk holds, elsewhere in every index.
        const earlier = again ? all[first - 5] : undefined;
        const newer = earlier
          ? [
              storedForm('notes', {
                ...earlier,
                title: `again ${first}`,
                pinned: !earlier.pinned,
                tags: ['moved'],
                created_at: '2026-03-15T00:00:00.000Z',
              } as unknown as Stored<Note>),
            ]
          : [];
        await plain.notes.bulkPut([...page, ...newer]);
        await landed.landed.add({ table: 'notes', rows: [...page, ...newer].map(landedRowOf) });
        expect(await reads(landed)).toEqual(await reads(plain));
      }
    },
  );

  it('read between chunks settled one by one, they answer as stored rows', async () => {
    const { plain, landed } = await twin(60, 8, (i) => i % 5 === 0);
    expect(await reads(landed)).toEqual(await reads(plain));
    for (const seq of await landed.landed.toCollection().primaryKeys()) {
      await landed.transaction('rw', landed.notes, landed.landed, async () => {
        const chunk = await landed.landed.get(seq);
        if (!chunk) throw new Error(`chunk ${seq} is not read`);
        await landed.landed.delete(seq);
        await landed.notes.bulkAdd(chunk.rows.map(tableRowOf) as Stored<Note>[]);
      });
      expect(await reads(landed)).toEqual(await reads(plain));
    }
    expect(await landed.landed.count()).toBe(0);
  });

  it('a write to a landed row takes it out of its chunk, so the table holds its only copy', async () => {
    const { plain, landed } = await twin(30, 10, (i) => i % 2 === 0);
    for (const db of [plain, landed]) {
      const note = await db.notes.get('n0005');
      if (!note) throw new Error('n0005 is not read');
      await db.notes.put({ ...note, title: 'edited' });
      await db.notes.delete('n0007');
    }
    expect(await reads(landed)).toEqual(await reads(plain));
    const chunks = await landed.landed.toArray();
    const ids = chunks.flatMap((c) => c.rows.map((row) => row['id']));
    expect(ids).not.toContain('n0005');
    expect(ids).not.toContain('n0007');
    expect(ids).toContain('n0009');
    expect(await landed.notes.get('n0005')).toMatchObject({ title: 'edited' });
  });

  it('a returned landed row is a copy: changing it changes nothing stored', async () => {
    const { landed } = await twin(10, 10, () => false);
    const note = await landed.notes.get('n0002');
    if (!note) throw new Error('n0002 is not read');
    note.title = 'changed in memory';
    expect((await landed.notes.get('n0002'))?.title).toBe('note 2');
  });

  it('a chunk landed on this connection reads as stored; an aborted one never shows, even under its key given again', async () => {
    const db = open('abort');
    const all = notes(20);
    expect(await db.notes.count()).toBe(0);
    await expect(
      db.transaction('rw', db.notes, db.landed, async () => {
        await db.landed.add({ table: 'notes', rows: all.slice(0, 10) });
        throw new Error('the walk failed');
      }),
    ).rejects.toThrow('the walk failed');
    // IndexedDB gives an aborted add's key back to the store's key generator.
    await db.landed.add({ table: 'notes', rows: all.slice(10, 20) });
    const here = await db.notes.toArray();
    expect(here.map((note) => note.id)).toEqual(all.slice(10, 20).map((note) => note.id));
    // Another connection reads the chunk from the database: both see the same rows.
    const other = new MurmurDatabase(db.name, 'user-1');
    expect(await other.notes.toArray()).toEqual(here);
    other.close();
  });

  it('rows read inside a landing that aborted are forgotten: its key may come back holding other rows', async () => {
    const here = open('forget');
    const elsewhere = new MurmurDatabase(here.name, 'user-1');
    const all = notes(20);
    await expect(
      here.transaction('rw', here.notes, here.landed, async () => {
        await here.landed.add({ table: 'notes', rows: all.slice(0, 10) });
        expect(await here.notes.count()).toBe(10);
        throw new Error('the walk failed');
      }),
    ).rejects.toThrow('the walk failed');
    // Another connection (the sync worker, say) lands other rows under the key given back.
    await elsewhere.landed.add({ table: 'notes', rows: all.slice(10, 20) });
    elsewhere.close();
    const ids = (await here.notes.toArray()).map((note) => note.id);
    expect(ids).toEqual(all.slice(10, 20).map((note) => note.id));
  });

  it('a live query over the table runs again when rows land or are settled', async () => {
    const db = open('live');
    const all = notes(20);
    const counts: number[] = [];
    const subscription = liveQuery(() => db.notes.count()).subscribe((n) => counts.push(n));
    const until = async (n: number) => {
      for (let i = 0; i < 100 && counts.at(-1) !== n; i++) await new Promise((r) => setTimeout(r, 10));
      expect(counts.at(-1)).toBe(n);
    };
    await until(0);
    await db.landed.add({ table: 'notes', rows: all.slice(0, 12) });
    await until(12);
    await db.transaction('rw', db.notes, db.landed, async () => {
      const [seq] = await db.landed.toCollection().primaryKeys();
      if (seq === undefined) throw new Error('nothing landed');
      await db.landed.delete(seq);
      await db.notes.bulkAdd(all.slice(0, 12));
    });
    await db.notes.bulkAdd(all.slice(12));
    await until(20);
    subscription.unsubscribe();
  });
});
