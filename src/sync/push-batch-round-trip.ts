/**
 * One push batch's round trip (R6–R9, R16–R17), in two steps so the next batch can go out while this
 * one's answer is written (pushAll). INVARIANT: an outbox row is deleted only in the transaction that
 * records the server's acknowledgement of a batch containing it; a rejected change becomes a conflict in
 * that same transaction, so no change is ever dropped (R16).
 */
import { isSyncedTable } from '../db/entities/entity-tables.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { recordAckedMutationSeq } from '../db/sync-meta.ts';
import { allSyncTables } from './apply-pull-page.ts';
import { buildPushBatch, type PushBatch } from './build-push-batch.ts';
import type { JournalCipher } from './crypto/journal-cipher.ts';
import { MalformedResponseError } from './errors.ts';
import { PROTOCOL_VERSION, pushResponseSchema, type PushMutation, type PushRequest } from './protocol.ts';
import { TransportError, type SyncSession, type SyncTransport } from './transport.ts';

export interface PushContext {
  db: MurmurDatabase;
  transport: SyncTransport;
  session: SyncSession;
  clientId: string;
  nowIso: () => string;
  conflictId: () => string;
  /** An encrypted journal's key: changes leave sealed. Null for a journal in clear. */
  cipher: JournalCipher | null;
}

/** The server's answer to a batch, checked: acknowledged (some changes maybe refused), or refused alone. */
export type PushReply =
  | { kind: 'acknowledged'; rejectedSeqs: number[] }
  | { kind: 'refused-alone'; mutation: PushMutation; reason: string };

/** A batch read from the outbox, with its changes as they leave: sealed when the journal is encrypted. */
export interface PreparedPushBatch {
  batch: PushBatch;
  wire: PushMutation[];
}

/**
 * The batch buildPushBatch reads, made ready to send. Sealing writes nothing and sends nothing, so the
 * next batch is sealed while this one is on the wire (drainOutbox), and leaves as soon as the answer
 * allows (R8) instead of after its ciphers.
 */
export async function preparePushBatch(
  ctx: PushContext,
  maxMutations: number,
  afterSeq?: number,
): Promise<PreparedPushBatch | null> {
  const batch = await buildPushBatch(ctx.db, maxMutations, afterSeq);
  if (!batch) return null;
  const { cipher } = ctx;
  // Sealed for the wire only: a refused change is kept (sendPushBatch) as the device wrote it.
  const wire = cipher
    ? await Promise.all(batch.mutations.map((mutation) => cipher.sealMutation(mutation)))
    : batch.mutations;
  return { batch, wire };
}

/**
 * Sends one prepared batch and checks the answer. Throws on a failure to retry, and on a refusal of a
 * batch of several changes, which the caller splits (R16). Writes nothing: `settlePushBatch` does.
 */
export async function sendPushBatch(
  ctx: PushContext,
  { batch, wire }: PreparedPushBatch,
): Promise<PushReply> {
  const { cipher } = ctx;
  const request: PushRequest = {
    protocol: PROTOCOL_VERSION,
    client_id: ctx.clientId,
    user_id: ctx.db.userId,
    mutations: wire,
  };
  let raw: unknown;
  try {
    raw = await ctx.transport.push(request, ctx.session);
  } catch (caught) {
    // R46 refusing a device that seals nothing: its text only looks sealed. Forgetting a key would change
    // nothing, so the change is refused as such and kept (R16), never retried for ever.
    const error =
      caught instanceof TransportError && caught.kind === 'journal_clear' && !cipher
        ? new TransportError('rejected', caught.message, caught.status)
        : caught;
    const [only] = batch.mutations;
    if (
      error instanceof TransportError &&
      error.kind === 'rejected' &&
      batch.mutations.length === 1 &&
      only
    ) {
      // R16: the server refuses this one change as such. It becomes a visible conflict.
      return { kind: 'refused-alone', mutation: only, reason: error.message };
    }
    throw error;
  }
  const parsed = pushResponseSchema.safeParse(raw);
  if (!parsed.success) throw new MalformedResponseError(`push response: ${parsed.error.message}`);
  const response = parsed.data;
  const maxSeq = batch.mutations.at(-1)?.seq ?? 0;
  if (response.last_mutation_seq < maxSeq) {
    throw new MalformedResponseError(`push acknowledged seq ${response.last_mutation_seq} < ${maxSeq}`);
  }
  return {
    kind: 'acknowledged',
    rejectedSeqs: response.results.filter((r) => r.status === 'rejected').map((r) => r.seq),
  };
}

/** Records the server's answer to a batch: its outbox rows go, refused changes are kept (R16, R17). */
export async function settlePushBatch(ctx: PushContext, batch: PushBatch, reply: PushReply): Promise<void> {
  if (reply.kind === 'refused-alone') {
    await recordLocalRejection(ctx, batch.rowSeqs, reply.mutation, reply.reason);
    return;
  }
  const { db } = ctx;
  await db.transaction('rw', [db.outbox, db.sync_meta, ...allSyncTables(db)], async () => {
    // R14a: a pull page the server read before this push must not be applied once these rows are gone.
    // The batch's rows are every row from its first to its last (PushBatch): one range delete, not a
    // delete request per row.
    const first = batch.rowSeqs[0] ?? 0;
    const last = batch.rowSeqs.at(-1) ?? 0;
    await Promise.all([
      db.outbox.where('seq').between(first, last, true, true).delete(),
      recordAckedMutationSeq(db, last),
    ]);
    // R17: a rejected create never reached the server; its content lives on in the server's conflict
    // row (pulled next), so the local-only row goes unless newer changes for it are still queued.
    for (const mutation of batch.mutations.filter((m) => reply.rejectedSeqs.includes(m.seq))) {
      await dropLocalOnlyRow(db, mutation);
    }
  });
}

async function dropLocalOnlyRow(db: MurmurDatabase, mutation: PushMutation): Promise<void> {
  if (!isSyncedTable(mutation.table)) return;
  const store = db.entityTable(mutation.table);
  const row = await store.get(mutation.id);
  if (!row || row._sync.version !== 0) return;
  const queued = await db.outbox.where('[table+entity_id]').equals([mutation.table, mutation.id]).count();
  if (queued === 0) await store.delete(mutation.id);
}

async function recordLocalRejection(
  ctx: PushContext,
  rowSeqs: number[],
  mutation: PushMutation,
  reason: string,
) {
  const { db } = ctx;
  await db.transaction('rw', [db.outbox, ...allSyncTables(db)], async () => {
    await db.conflicts.put({
      id: ctx.conflictId(),
      table_name: mutation.table,
      row_id: mutation.id,
      field: null,
      kind: 'rejected',
      losing_value: mutation.patch,
      losing_hlc: Object.values(mutation.hlc).sort().at(-1) ?? '',
      winning_hlc: '',
      reason: `refused by the server: ${reason}`,
      created_at: ctx.nowIso(),
      resolved_at: null,
      // version 0: known only to this device (the server never accepted it).
      _sync: { version: 0, hlc: {} },
    });
    await db.outbox.bulkDelete(rowSeqs);
    await dropLocalOnlyRow(db, mutation);
  });
}
