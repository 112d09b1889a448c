import type { SyncStatus } from './sync-status.ts';
import type { SyncSession } from './transport.ts';

/** What a drain of the outbox needs besides the database and the transport (R6–R9). */
export interface PushJob {
  session: SyncSession;
  clientId: string;
  pushBatchSize: number;
}

/** The drain on the engine's own thread (drainOutbox), renewing the lease between batches itself. */
export type DrainHere = () => Promise<number>;

/**
 * Drains the outbox somewhere other than the engine's thread: the app's sync worker (docs/adr/0115),
 * whose requests and reads do not wait behind the page's rendering after a save. The drain is the same
 * code (`drainOutbox`) over the same database; the engine keeps the push lock, its lease and the status.
 *
 * The runner renews the push lock's lease between batches itself (`leaseRenewal`, R29), as the drain on
 * the engine's thread does: the lock is the engine's, the lease's writes are beside the drain's own.
 * `onBatch` reports progress as each batch leaves; `isCancelled` is asked then, and a cancelled drain
 * ends before its next batch. `drainHere` is the drain
 * on the engine's thread, for when the other thread is not ready yet or cannot run: a drain that fails
 * there with no answer is run again here, which is safe because an outbox row goes only with its batch's
 * acknowledgement, and a batch sent again is a duplicate the server recognises (R8).
 * Resolves with how many mutations were acknowledged.
 */
export interface PushRunner {
  drain(
    job: PushJob,
    onBatch: (progress: SyncStatus['progress']) => void,
    isCancelled: () => boolean,
    drainHere: DrainHere,
  ): Promise<number>;
}
