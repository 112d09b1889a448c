import Dexie, { type DBCoreIndex, type DBCoreTable, type DBCoreTransaction } from 'dexie';

import { EVERY_KEY } from './index-entries.ts';
import type { LandedChunk } from './landed-chunk.ts';
import { nextLandedView, type BuiltView } from './next-landed-view.ts';
import { onTransactionEvent } from './on-transaction-event.ts';

/** A landed row and the chunk that holds it. */
export interface LandedRow {
  row: Record<string, unknown>;
  seq: number;
}

/** A table's landed rows as one transaction sees them. */
export interface LandedTable {
  /** Primary key → the newest landed row of that id. */
  rows: ReadonlyMap<unknown, LandedRow>;
  /** The table's chunks in landing order. */
  chunks: readonly LandedChunk[];
  /** Their seqs, in the same order. */
  seqs: readonly number[];
  /** No id is in two of the chunks, so every row of every chunk is in `rows`. */
  disjoint: boolean;
}

/** Every landed row as one transaction sees them, by table. */
export type LandedView = ReadonlyMap<string, LandedTable>;

/**
 * Reads the landed rows inside a transaction: the chunks' keys every time (one request, so the view is
 * exactly what this transaction's snapshot holds), their contents only once per connection, since a
 * chunk never changes (landed-chunk.ts). The last view is kept while the set of chunks is the same.
 */
export class LandedReader {
  private readonly chunks = new Map<number, LandedChunk>();
  private last: (BuiltView & { signature: string }) | undefined;

  private readonly landed: DBCoreTable;
  private readonly primaryKeyOf: (table: string, row: Record<string, unknown>) => unknown;

  /**
   * The chunks' keys are read through their `table` index: Dexie's live queries follow a key-only
   * read of a secondary index for added rows as well as deleted ones (of the primary key, only deleted).
   */
  private readonly byTable: DBCoreIndex;

  constructor(landed: DBCoreTable, primaryKeyOf: (table: string, row: Record<string, unknown>) => unknown) {
    this.landed = landed;
    const byTable = landed.schema.getIndexByKeyPath('table');
    if (!byTable) throw new Error('LandedReader: the landed store has no table index');
    this.byTable = byTable;
    this.primaryKeyOf = primaryKeyOf;
  }

  /**
   * The view as `trans` sees it. Chained on Dexie's promise, not awaited: Dexie's middleware below
   * (its cache and observability) reads the transaction from Dexie's zone, which only its own promises
   * carry across a step.
   */
  read(trans: DBCoreTransaction): Promise<LandedView> {
    const keys = this.landed.query({
      trans,
      values: false,
      query: { index: this.byTable, range: EVERY_KEY },
    });
    return Dexie.Promise.resolve(keys).then(({ result }) => {
      const seqs = (result as number[]).sort((a, b) => a - b);
      const signature = seqs.join(',');
      const last = this.last;
      if (last?.signature === signature) return last.view;
      const missing = seqs.filter((seq) => !this.chunks.has(seq));
      if (missing.length > 0) this.forgetIfAborted(trans);
      const fetched = missing.length === 0 ? [] : this.landed.getMany({ trans, keys: missing });
      return Dexie.Promise.resolve(fetched).then((found: (LandedChunk | undefined)[]) => {
        found.forEach((chunk, i) => {
          const seq = missing[i];
          if (chunk && seq !== undefined) this.chunks.set(seq, chunk);
        });
        return this.remember(seqs, signature);
      });
    });
  }

  private remember(seqs: number[], signature: string): LandedView {
    // Another read of this transaction's snapshot may have built it meanwhile.
    if (this.last?.signature === signature) return this.last.view;
    const view = nextLandedView(this.last, seqs, (seq) => this.chunks.get(seq), this.primaryKeyOf);
    const present = new Set(seqs);
    for (const seq of this.chunks.keys()) if (!present.has(seq)) this.chunks.delete(seq);
    this.last = { signature, seqs, view };
    return view;
  }

  /**
   * A chunk this connection added, known once its transaction committed: the next read need not fetch
   * and decode what this thread just wrote (a walk reads the landed rows before each page it applies).
   * Only after the commit: an aborted add gives its seq back to the key generator, for another chunk.
   */
  written(seq: number, chunk: LandedChunk): void {
    // A read inside the adding transaction may have fetched it already: the same rows, and the object
    // the views built since hold (and their sorted entries are kept for).
    if (!this.chunks.has(seq)) this.chunks.set(seq, chunk);
  }

  /**
   * What this read fetches may be a chunk its own transaction added: if that transaction aborts, the
   * chunk's seq goes back to the key generator and may come back holding other rows, perhaps written by
   * another connection. So an abort forgets every chunk read (aborts are rare; the next read fetches).
   */
  private forgetIfAborted(trans: DBCoreTransaction): void {
    onTransactionEvent(trans, 'abort', () => {
      this.chunks.clear();
      this.last = undefined;
    });
  }

  /** The chunk as read, for rewriting it without some of its rows. */
  chunk(seq: number): LandedChunk | undefined {
    return this.chunks.get(seq);
  }
}
