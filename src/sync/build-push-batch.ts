import type { MurmurDatabase } from '../db/schema.ts';
import type { PushMutation } from './protocol.ts';

/**
 * Coalescing (R6, R7): a push batch is the coalesced form of a PREFIX of the outbox in seq order.
 * Rows of one entity merge into one mutation whose seq is the highest of them; later fields win, each
 * field keeps the base of its earliest row (what the server knew before any of them).
 *
 * Why a prefix: after the server commits the batch its last_mutation_seq is the batch's highest seq,
 * and the server skips every seq at or below it as a duplicate (R8). That is only safe if every outbox
 * row at or below that seq was in this batch or an earlier acknowledged one — true for a prefix,
 * because `++seq` never reuses a number and rows are deleted only after acknowledgement. A tab that
 * resumes with an older batch is then harmless: everything it would send is already applied.
 */
export interface PushBatch {
  /** Outbox keys covered by the batch; deleted once the server acknowledges it. */
  rowSeqs: number[];
  mutations: PushMutation[];
}

const SCAN_LIMIT = 5000;

export async function buildPushBatch(db: MurmurDatabase, maxMutations: number): Promise<PushBatch | null> {
  const rows = await db.outbox.orderBy('seq').limit(SCAN_LIMIT).toArray();
  const byEntity = new Map<string, PushMutation>();
  const rowSeqs: number[] = [];
  for (const row of rows) {
    const seq = row.seq;
    if (seq === undefined) continue;
    const key = `${row.table}\u0000${row.entity_id}`;
    let mutation = byEntity.get(key);
    if (!mutation) {
      if (byEntity.size >= maxMutations) break;
      mutation = {
        seq,
        mutation_id: row.mutation_id,
        table: row.table,
        id: row.entity_id,
        patch: {},
        hlc: {},
        base: {},
      };
      byEntity.set(key, mutation);
    }
    mutation.seq = seq;
    mutation.mutation_id = row.mutation_id;
    Object.assign(mutation.patch, row.patch);
    Object.assign(mutation.hlc, row.hlc);
    for (const [field, base] of Object.entries(row.base))
      if (!(field in mutation.base)) mutation.base[field] = base;
    rowSeqs.push(seq);
  }
  if (rowSeqs.length === 0) return null;
  const mutations = [...byEntity.values()].sort((a, b) => a.seq - b.seq);
  return { rowSeqs, mutations };
}
