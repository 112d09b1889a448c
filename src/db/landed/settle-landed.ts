import Dexie from 'dexie';

import { syncedTableNames, type SyncedTable } from '../entities/entity-tables.ts';
import type { MurmurDatabase } from '../schema.ts';
import { tableRowOf } from './landed-row-form.ts';

/**
 * Moves landed rows into their tables, a chunk per transaction, oldest first (docs/adr/0113). Each
 * transaction deletes its chunk and adds its rows, so every reader sees each row exactly once
 * throughout. A row its table already holds is left as the table has it: that row was written later.
 * Returns the number of rows moved.
 */
export async function settleLanded(db: MurmurDatabase): Promise<number> {
  let moved = 0;
  for (const table of syncedTableNames) {
    const seqs = await db.landed.where('table').equals(table).primaryKeys();
    for (const seq of seqs) moved += await settleChunk(db, table, seq);
  }
  const unknown = await db.landed
    .where('table')
    .noneOf([...syncedTableNames])
    .primaryKeys();
  if (unknown.length > 0)
    throw new Error(`settleLanded: ${unknown.length} chunks of tables this version does not know`);
  return moved;
}

/** One chunk into its table, in a transaction over just the two. */
function settleChunk(db: MurmurDatabase, table: SyncedTable, seq: number): Promise<number> {
  return db.transaction('rw', [db.entityTable(table), db.landed], async () => {
    const chunk = await db.landed.get(seq);
    if (!chunk) return 0; // settled meanwhile by another tab or thread
    await db.landed.delete(seq);
    try {
      await db.entityTable(table).bulkAdd(chunk.rows.map(tableRowOf) as never[]);
      return chunk.rows.length;
    } catch (error) {
      if (!(error instanceof Dexie.BulkError)) throw error;
      const failures = Object.values(error.failuresByPos);
      if (failures.some((failure) => failure.name !== 'ConstraintError')) throw error;
      return chunk.rows.length - failures.length;
    }
  });
}

const settling = new WeakMap<MurmurDatabase, { again: boolean }>();

/**
 * Settles in the background, once at a time per database: a call while a pass runs asks for one more
 * pass after it. A failure leaves the rows landed, where every reader still finds them, and is logged;
 * the next completed pull tries again.
 */
export function settleLandedSoon(db: MurmurDatabase): void {
  const running = settling.get(db);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  settling.set(db, state);
  const pass = (): Promise<void> =>
    settleLanded(db).then(() => {
      if (!state.again) return;
      state.again = false;
      return pass();
    });
  pass()
    .catch((error: unknown) => {
      if (db.isOpen()) console.error('Murmur could not settle the rows a sync stored', error);
    })
    .finally(() => settling.delete(db));
}
