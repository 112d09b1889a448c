/**
 * Rows a first sync stored whole, many to one IndexedDB record (docs/adr/0113): a fresh device's
 * thousands of pulled rows cost the browser's database per record, not per byte, so a walk that finds
 * a table empty keeps each page's new rows as one record here, and a later pass settles them into
 * their table. Until then the landed-rows middleware shows them as rows of their table to every reader.
 *
 * INVARIANTS
 * - A chunk is written once and never edited: it is only added (by a walk) or deleted whole (when its
 *   rows are settled, or the tables are cleared). A change to one of its rows writes the table and
 *   drops the row from the chunk by replacing the chunk with a new one without it.
 * - No id is both a row of its table and a landed row: a landed row is only ever read while its table
 *   has no row of that id (the middleware drops it from its chunk when the table gets one).
 * - Between chunks, a later chunk (higher seq) holds the newer row of an id.
 * - A row's `_sync.hlc` is its map, or the one HLC every field but `_sync` has (landed-row-form.ts).
 */
export const LANDED_STORE = 'landed';

export interface LandedChunk {
  /** Auto-incremented: landing order. An aborted add's seq is given to the next chunk added. */
  seq?: number;
  /** The table the rows belong to. */
  table: string;
  /**
   * Rows as their table stores them, except that a row whose fields all share one HLC keeps it once, as
   * the string `_sync.hlc` (landed-row-form.ts). Read them through tableRowOf.
   */
  rows: Record<string, unknown>[];
}
