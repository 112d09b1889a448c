import Dexie, { type Table } from 'dexie';

/**
 * Every row of a table keyed by a string, in key order, read `chunk` rows per request. One getAll
 * of ten thousand rows turns them all into objects in one main-thread task (well over 50 ms on a
 * phone); chunks spread that over several tasks so input and painting get in between. Inside a live
 * query each chunk is observed like any other read.
 */
export async function readInChunks<T>(table: Table<T, string>, chunk: number): Promise<T[]> {
  const rows: T[] = [];
  await forEachChunk(table, chunk, (page) => {
    for (const row of page) rows.push(row);
  });
  return rows;
}

/**
 * Like readInChunks, handing each chunk to `onChunk` as it arrives, so work on the rows is spread
 * over the same tasks as the reads and no chunk is kept after it was handled. Once `signal` is aborted
 * no further chunk is read: the returned promise rejects with the signal's reason.
 */
export async function forEachChunk<T>(
  table: Table<T, string>,
  chunk: number,
  onChunk: (rows: T[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (!Number.isInteger(chunk) || chunk < 1)
    throw new Error('readInChunks: chunk must be a whole number ≥ 1');
  let after: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const page: T[] = await (
      after === null ? table.limit(chunk) : table.where(':id').above(after).limit(chunk)
    ).toArray();
    onChunk(page);
    const last = page.at(-1);
    if (page.length < chunk || !last) return;
    after = String(Dexie.getByKeyPath(last, primaryKeyPath(table)));
  }
}

function primaryKeyPath(table: Table<unknown, string>): string {
  const keyPath = table.schema.primKey.keyPath;
  if (typeof keyPath !== 'string') throw new Error(`readInChunks: ${table.name} needs a single inbound key`);
  return keyPath;
}
