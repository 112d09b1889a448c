import { describe, expect, it } from 'vitest';

import { createPrng } from '../../testing/sync/prng.ts';
import type { LandedChunk } from './landed-chunk.ts';
import type { LandedView } from './landed-view.ts';
import { nextLandedView, type BuiltView } from './next-landed-view.ts';

const primaryKeyOf = (_table: string, row: Record<string, unknown>) => row['id'];

/** A view as plain data: per table, each id's row and chunk, and the chunks in order. */
function plain(view: LandedView) {
  return Object.fromEntries(
    [...view].map(([table, { rows, chunks, seqs, disjoint }]) => [
      table,
      {
        rows: Object.fromEntries(
          [...rows].map(([id, { row, seq }]) => [String(id), { text: row['text'], seq }]),
        ),
        chunks: chunks.map((chunk) => chunk.rows.map((row) => row['id'])),
        seqs,
        disjoint,
      },
    ]),
  );
}

const seed = Number(process.env['LANDED_VIEW_SEED'] ?? 20261128);

describe('the next landed view', () => {
  it(`built from the last one is the view built afresh, whatever chunks come and go (seed ${seed})`, () => {
    console.info(`landed view seed ${seed} (rerun with LANDED_VIEW_SEED=${seed})`);
    const prng = createPrng(seed);
    for (let round = 0; round < 40; round++) {
      // Every chunk ever stored, by seq: the reader keeps a chunk that is gone until it built the next view.
      const stored = new Map<number, LandedChunk>();
      const present = new Set<number>();
      let last: BuiltView | undefined;
      let nextSeq = 1;
      for (let step = 0; step < 30; step++) {
        // Chunks gone: settled, or replaced by one without a written row.
        for (const seq of present) if (prng.chance(0.15)) present.delete(seq);
        for (let added = prng.int(0, 3); added > 0; added--) {
          // Mostly the next key, leaving a gap now and then; sometimes a gap's key, below kept chunks'.
          const gaps = Array.from({ length: nextSeq - 1 }, (_, k) => k + 1).filter((k) => !stored.has(k));
          const seq =
            gaps.length > 0 && prng.chance(0.15) ? prng.pick(gaps) : (nextSeq += prng.int(1, 2)) - 1;
          const table = prng.pick(['notes', 'diary_entries']);
          const rows = Array.from({ length: prng.int(1, 5) }, () => ({
            id: `${table}-${prng.int(0, prng.chance(0.7) ? 1000 : 12)}`,
            text: `step ${step} seq ${seq}`,
          }));
          stored.set(seq, { table, rows: [...new Map(rows.map((row) => [row.id, row])).values()] });
          present.add(seq);
        }
        const seqs = [...present].sort((a, b) => a - b);
        // Now and then another object of the same chunk: read again, or read before its add committed.
        const chunkOf = (seq: number) => {
          const chunk = stored.get(seq);
          return chunk && prng.chance(0.2) ? structuredClone(chunk) : chunk;
        };
        const view = nextLandedView(last, seqs, chunkOf, primaryKeyOf);
        const afresh = nextLandedView(undefined, seqs, chunkOf, primaryKeyOf);
        expect(plain(view), `round ${round} step ${step}`).toEqual(plain(afresh));
        last = { seqs, view };
      }
    }
  });
});
