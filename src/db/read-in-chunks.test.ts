import 'fake-indexeddb/auto';

import Dexie, { type Table } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { forEachChunk, readInChunks } from './read-in-chunks.ts';

interface Row {
  id: string;
  n: number;
}

class RowsDb extends Dexie {
  declare rows: Table<Row, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ rows: 'id' });
  }
}

describe('readInChunks', () => {
  let db: RowsDb;
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('returns every row once, in key order, whatever the chunk size', async () => {
    db = new RowsDb('chunks-all');
    const rows = Array.from({ length: 23 }, (_, n) => ({ id: `r${String(n).padStart(3, '0')}`, n }));
    await db.rows.bulkPut([...rows].reverse());
    for (const chunk of [1, 5, 10, 23, 100]) {
      expect(await readInChunks(db.rows, chunk)).toEqual(rows);
    }
  });

  it('reads an empty table and refuses a chunk that is not a whole number ≥ 1', async () => {
    db = new RowsDb('chunks-empty');
    expect(await readInChunks(db.rows, 10)).toEqual([]);
    await expect(readInChunks(db.rows, 0)).rejects.toThrow('chunk must be a whole number ≥ 1');
  });

  it('hands each chunk over as it is read, in key order', async () => {
    db = new RowsDb('chunks-each');
    await db.rows.bulkPut(
      Array.from({ length: 12 }, (_, n) => ({ id: `r${String(n).padStart(3, '0')}`, n })),
    );
    const seen: number[][] = [];
    await forEachChunk(db.rows, 5, (rows) => seen.push(rows.map((row) => row.n)));
    expect(seen).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11],
    ]);
  });

  it('reads no further chunk once its signal is aborted', async () => {
    db = new RowsDb('chunks-abort');
    await db.rows.bulkPut(
      Array.from({ length: 12 }, (_, n) => ({ id: `r${String(n).padStart(3, '0')}`, n })),
    );
    const leaving = new AbortController();
    const seen: number[] = [];
    const reading = forEachChunk(
      db.rows,
      5,
      (rows) => {
        seen.push(rows.length);
        leaving.abort(new Error('the screen has gone'));
      },
      leaving.signal,
    );
    await expect(reading).rejects.toThrow('the screen has gone');
    expect(seen).toEqual([5]);
  });
});
