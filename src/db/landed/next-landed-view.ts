import type { LandedChunk } from './landed-chunk.ts';
import type { LandedRow, LandedView } from './landed-view.ts';

interface TableBeingBuilt {
  rows: Map<unknown, LandedRow>;
  chunks: LandedChunk[];
  seqs: number[];
  disjoint: boolean;
}

/** A view and the chunks it was built from, in landing order. */
export interface BuiltView {
  seqs: readonly number[];
  view: LandedView;
}

/**
 * The landed rows of the chunks `seqs` (ascending), by table. When they are the last view's chunks
 * with later ones added or whole chunks of a disjoint table gone, as while a walk lands its pages or
 * a settle moves them, the last view's rows are copied and changed by those chunks alone: a first
 * sync's every commit would otherwise key ten thousand rows again. `chunkOf` must still know the
 * chunks that are gone.
 */
export function nextLandedView(
  last: BuiltView | undefined,
  seqs: readonly number[],
  chunkOf: (seq: number) => LandedChunk | undefined,
  primaryKeyOf: (table: string, row: Record<string, unknown>) => unknown,
): LandedView {
  const tables = new Map<string, TableBeingBuilt>();
  const add = (seq: number) => {
    const chunk = chunkOf(seq);
    if (!chunk) return;
    let table = tables.get(chunk.table);
    if (!table) tables.set(chunk.table, (table = { rows: new Map(), chunks: [], seqs: [], disjoint: true }));
    table.chunks.push(chunk);
    table.seqs.push(seq);
    // A later chunk holds the newer row of an id (landed-chunk.ts).
    for (const row of chunk.rows) {
      const id = primaryKeyOf(chunk.table, row);
      if (table.rows.has(id)) table.disjoint = false;
      table.rows.set(id, { row, seq });
    }
  };
  const change = last && changeFrom(last, seqs, chunkOf);
  if (!last || !change) {
    for (const seq of seqs) add(seq);
    return tables;
  }
  for (const [name, table] of last.view) {
    const { rows, chunks, seqs: tableSeqs, disjoint } = table;
    tables.set(name, { rows: new Map(rows), chunks: [...chunks], seqs: [...tableSeqs], disjoint });
  }
  for (const { seq, chunk } of change.removed) {
    const table = tables.get(chunk.table);
    if (!table) continue;
    // By seq: the view may hold another object of the same chunk (read before its add committed).
    const at = table.seqs.indexOf(seq);
    if (at >= 0) {
      table.chunks.splice(at, 1);
      table.seqs.splice(at, 1);
    }
    // Disjoint: each of its ids is in this chunk alone.
    for (const row of chunk.rows) table.rows.delete(primaryKeyOf(chunk.table, row));
    if (table.chunks.length === 0) tables.delete(chunk.table);
  }
  for (const seq of change.added) add(seq);
  return tables;
}

/** The chunks gone and the seqs added since `last`, when the last view can be changed by them alone. */
function changeFrom(
  last: BuiltView,
  seqs: readonly number[],
  chunkOf: (seq: number) => LandedChunk | undefined,
): { removed: { seq: number; chunk: LandedChunk }[]; added: number[] } | undefined {
  const now = new Set(seqs);
  const before = new Set(last.seqs);
  const keptSeqs = last.seqs.filter((seq) => now.has(seq));
  const highestKept = keptSeqs.length > 0 ? Math.max(...keptSeqs) : -Infinity;
  const added = seqs.filter((seq) => !before.has(seq));
  // An added chunk older than a kept one may hold an older row of an id the kept one has.
  if (added.some((seq) => seq < highestKept)) return undefined;
  const removed: { seq: number; chunk: LandedChunk }[] = [];
  for (const seq of last.seqs) {
    if (now.has(seq)) continue;
    const chunk = chunkOf(seq);
    if (!chunk || last.view.get(chunk.table)?.disjoint !== true) return undefined;
    removed.push({ seq, chunk });
  }
  return { removed, added };
}
