import type { Table } from 'dexie';

/**
 * Every row of a table keyed by a string `id`, in key order, read `chunk` rows per request. One getAll
 * of ten thousand rows turns them all into objects in one main-thread task (well over 50 ms on a
 * phone); chunks spread that over several tasks so input and painting get in between. Inside a live
 * query each chunk is observed like any other read.
 */
export async function readInChunks<T extends { id: string }>(
  table: Table<T, string>,
  chunk: number,
): Promise<T[]> {
  if (!Number.isInteger(chunk) || chunk < 1)
    throw new Error('readInChunks: chunk must be a whole number ≥ 1');
  const rows: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: T[] = await (
      after === null ? table.limit(chunk) : table.where(':id').above(after).limit(chunk)
    ).toArray();
    for (const row of page) rows.push(row);
    const last = page.at(-1);
    if (page.length < chunk || !last) return rows;
    after = last.id;
  }
}
