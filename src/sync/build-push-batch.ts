import type { MurmurDatabase, OutboxRow } from '../db/schema.ts';
import type { PushMutation } from './protocol.ts';

/**
 * Coalescing (R6, R7): a push batch is the coalesced form of a PREFIX of the outbox in seq order.
 * Consecutive rows of one entity merge into one mutation whose seq is the highest of them; later fields
 * win, each field keeps the base of its earliest row (what the server knew before any of them). A row
 * whose base for a field is not the HLC the mutation already holds starts a new mutation (R6).
 *
 * Why a prefix: after the server commits the batch its last_mutation_seq is the batch's highest seq,
 * and the server skips every seq at or below it as a duplicate (R8). That is only safe if every outbox
 * row at or below that seq was in this batch or an earlier acknowledged one — true for a prefix,
 * because `++seq` never reuses a number and rows are deleted only after acknowledgement. A tab that
 * resumes with an older batch is then harmless: everything it would send is already applied.
 */
export interface PushBatch {
  /** Outbox keys covered by the batch, ascending; deleted once the server acknowledges it. */
  rowSeqs: number[];
  mutations: PushMutation[];
}

const SCAN_LIMIT = 5000;

/**
 * `afterSeq`: build from the rows after it, for the batch that follows one the server is answering (its
 * last row). Once that batch is acknowledged, those rows are again a prefix of the outbox.
 */
export async function buildPushBatch(
  db: MurmurDatabase,
  maxMutations: number,
  afterSeq = 0,
): Promise<PushBatch | null> {
  const rows = await db.outbox.where('seq').above(afterSeq).limit(SCAN_LIMIT).toArray();
  const open = new Map<string, PushMutation>();
  const mutations: PushMutation[] = [];
  const rowSeqs: number[] = [];
  for (const row of rows) {
    const seq = row.seq;
    if (seq === undefined) continue;
    const key = `${row.table}\u0000${row.entity_id}`;
    let mutation = open.get(key);
    // A row merges only if each field it writes was written on top of the value the open mutation
    // holds. Otherwise the device showed something else in between (a pulled newer value, R14): the
    // earlier value must reach the server on its own, where it loses visibly as a conflict (R20).
    if (mutation && !continues(mutation, row)) mutation = undefined;
    if (!mutation) {
      if (mutations.length >= maxMutations) break;
      mutation = {
        seq,
        mutation_id: row.mutation_id,
        table: row.table,
        id: row.entity_id,
        patch: {},
        hlc: {},
        base: {},
      };
      open.set(key, mutation);
      mutations.push(mutation);
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
  mutations.sort((a, b) => a.seq - b.seq);
  return { rowSeqs, mutations };
}

function continues(mutation: PushMutation, row: OutboxRow): boolean {
  return Object.keys(row.patch).every(
    (field) => !(field in mutation.hlc) || row.base[field] === mutation.hlc[field],
  );
}
