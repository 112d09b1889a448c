/**
 * The outbox pushed in batches (R6–R9, R16), under a push lock its caller holds (pushAll).
 *
 * Batches go one at a time (R8: the next request leaves only after this one's answer), but the work
 * around the wire overlaps it: the next batch is read from the outbox (and sealed, in an encrypted
 * journal) while this one is on the wire, and this one's acknowledgement is written while the next is.
 * Each acknowledgement commits before the next answer is read, and before drainOutbox returns or
 * fails. A crash between the next request and this acknowledgement leaves rows the server already has:
 * sent again, they are duplicates (R8).
 */
import {
  preparePushBatch,
  sendPushBatch,
  settlePushBatch,
  type PushContext,
  type PushReply,
} from './push-batch-round-trip.ts';
import type { SyncStatus } from './sync-status.ts';
import { TransportError } from './transport.ts';

/** What a drain needs besides the renewal of its lease. */
export interface DrainContext extends PushContext {
  pushBatchSize: number;
  onProgress: (progress: SyncStatus['progress']) => void;
  isDisposed: () => boolean;
  /** The outbox's rows, counted at the cycle's start: the push's progress total without a second count. */
  pendingCount?: Promise<number>;
}

/** Returns how many mutations were acknowledged; `renew` keeps the push lock's lease (R29). */
export async function drainOutbox(ctx: DrainContext, renew: () => Promise<void>): Promise<number> {
  let sent = 0;
  let batchSize = ctx.pushBatchSize;
  let next = preparePushBatch(ctx, batchSize);
  next.catch(ignore);
  // The count is for progress alone, and the first batch does not wait for it: asked beside the batch's
  // read, it may answer well after it while the page's reads crowd the database (a save's, say). The
  // cycle has usually counted already: a second count of a long outbox would cost more.
  let total: number | null = null;
  const counted = (ctx.pendingCount ?? ctx.db.outbox.count()).then((count) => {
    total = count;
  });
  // Until the count answers there is no progress to report (the lease was written as the lock was
  // taken); a count that fails leaves none, and the engine's own count still reports the outbox.
  counted.catch(ignore);
  // The previous batch's acknowledgement, committing while the current batch is on the wire.
  let settling: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      if (ctx.isDisposed()) break;
      const prepared = await next;
      if (total !== null) ctx.onProgress({ phase: 'push', done: sent, total: Math.max(total, sent) });
      if (!prepared) break;
      const { batch } = prepared;
      const reply = sendPushBatch(ctx, prepared);
      // Rows after this batch: the outbox's prefix once it is acknowledged (build-push-batch.ts).
      next = preparePushBatch(ctx, batchSize, batch.rowSeqs.at(-1));
      // Either may be left unread when this loop ends early; their failures are handled where read.
      reply.catch(ignore);
      next.catch(ignore);
      await settling;
      await renew();
      let answer: PushReply;
      try {
        answer = await reply;
      } catch (error) {
        // R16: a refused batch is split until the refused change is alone; then it becomes a conflict.
        if (error instanceof TransportError && error.kind === 'rejected' && batchSize > 1) {
          batchSize = Math.max(1, Math.floor(batchSize / 2));
          next = preparePushBatch(ctx, batchSize);
          next.catch(ignore);
          continue;
        }
        throw error;
      }
      settling = settlePushBatch(ctx, batch, answer);
      sent += batch.mutations.length;
    }
  } catch (error) {
    // The failure that ended the run is the one to report; an acknowledgement still being written
    // finishes first, and its own failure is logged.
    await settling.catch((settleError: unknown) => {
      if (settleError !== error) console.error('Murmur could not record a push acknowledgement', settleError);
    });
    throw error;
  }
  await settling;
  return sent;
}

function ignore(): void {}
