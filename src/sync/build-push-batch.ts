import type { MurmurDatabase, OutboxRow } from '../db/schema.ts';
import type { PushMutation } from './protocol.ts';

/**
 * Coalescing (R6, R7): a push batch is the coalesced form of a PREFIX of the outbox in seq order.
 * The rows of one entity in the batch merge into one mutation whose seq is the highest of them; later fields
 * win, each field keeps the base (and base text, R40) of its earliest row (what the server knew before any
 * of them). A row
 * whose base for a field is not the HLC the mutation already holds starts a new mutation (R6).
 *
 * Why a prefix: after the server commits the batch its last_mutation_seq is the batch's highest seq,
 * and the server skips every seq at or below it as a duplicate (R8). That is only safe if every outbox
 * row at or below that seq was in this batch or an earlier acknowledged one — true for a prefix,
 * because `++seq` never reuses a number and rows are deleted only after acknowledgement. A tab that
 * resumes with an older batch is then harmless: everything it would send is already applied.
 */
export interface PushBatch {
  /**
   * Outbox keys covered by the batch, ascending; deleted once the server acknowledges it. Every outbox
   * row between the first and the last is in it: no row can join that range later (`++seq`).
   */
  rowSeqs: number[];
  mutations: PushMutation[];
}

/** Rows one batch reads at most: a batch of coalesced typing stops here and the rest goes next. */
const SCAN_LIMIT = 5000;

/**
 * `afterSeq`: build from the rows after it, for the batch that follows one the server is answering (its
 * last row). Once that batch is acknowledged, those rows are again a prefix of the outbox.
 *
 * The rows are read in chunks, the first just enough for `maxMutations` rows of different entities and
 * each next one twice the last: a drain of a thousand edits reads each row once, not the whole rest of
 * the outbox for every batch, and a long run of coalesced typing still takes few reads.
 *
 * Each chunk is a read of its own, answered at its request's success: a read transaction of them all
 * would answer at its `complete` event, one more task behind whatever the page does after a save (6–14
 * ms measured before the push of a check-in). The chunks still read one prefix: outbox rows are only
 * ever added after the last (`++seq`) or deleted by the push lock's holder, which is this push, and
 * the rows it deletes meanwhile (the previous batch's acknowledgement) are at or below `afterSeq`.
 */
export async function buildPushBatch(
  db: MurmurDatabase,
  maxMutations: number,
  afterSeq = 0,
): Promise<PushBatch | null> {
  const open = new Map<string, PushMutation>();
  const mutations: PushMutation[] = [];
  const rowSeqs: number[] = [];
  // False for a row that would start one mutation too many: the batch ends before it. The first read is
  // one row more than the mutations allowed, so that row ends a batch that fits in it.
  const addRow = (row: OutboxRow): boolean => {
    const seq = row.seq;
    if (seq === undefined) return true;
    const key = `${row.table}\u0000${row.entity_id}`;
    let mutation = open.get(key);
    // A row merges only if each field it writes was written on top of the value the open mutation
    // holds. Otherwise the device showed something else in between (a pulled newer value, R14): the
    // earlier value must reach the server on its own, where it loses visibly as a conflict (R20).
    if (mutation && !continues(mutation, row)) mutation = undefined;
    if (!mutation) {
      if (mutations.length >= maxMutations) return false;
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
    for (const [field, base] of Object.entries(row.base)) {
      if (field in mutation.base) continue;
      mutation.base[field] = base;
      const text = row.base_text?.[field];
      if (text !== undefined) (mutation.base_text ??= {})[field] = text;
    }
    rowSeqs.push(seq);
    return true;
  };
  await readChunks(db, afterSeq, maxMutations + 1, addRow);
  if (rowSeqs.length === 0) return null;
  mutations.sort((a, b) => a.seq - b.seq);
  return { rowSeqs, mutations };
}

/**
 * Hands `addRow` the outbox rows after `afterSeq` in seq order until it returns false, the outbox ends or
 * SCAN_LIMIT rows were read; `first` rows at first, twice as many at each next read.
 */
async function readChunks(
  db: MurmurDatabase,
  afterSeq: number,
  first: number,
  addRow: (row: OutboxRow) => boolean,
): Promise<void> {
  let after = afterSeq;
  let scanned = 0;
  let chunk = first;
  while (scanned < SCAN_LIMIT) {
    const limit = Math.min(chunk, SCAN_LIMIT - scanned);
    const rows = await db.outbox.where('seq').above(after).limit(limit).toArray();
    for (const row of rows) if (!addRow(row)) return;
    const last = rows.at(-1)?.seq;
    if (rows.length < limit || last === undefined) return;
    scanned += rows.length;
    after = last;
    chunk *= 2;
  }
}

function continues(mutation: PushMutation, row: OutboxRow): boolean {
  return Object.keys(row.patch).every(
    (field) => !(field in mutation.hlc) || row.base[field] === mutation.hlc[field],
  );
}
