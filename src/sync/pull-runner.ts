import type { PullDemand } from './pull-demand.ts';
import type { SyncStatus } from './sync-status.ts';
import type { SyncSession } from './transport.ts';

/** Rows per pull page the engine asks for unless told otherwise (SyncEngineOptions.pullLimit). */
export const DEFAULT_PULL_LIMIT = 1_000;

/** What a walk of pull pages needs besides the database and the transport (R13). */
export interface PullJob {
  session: SyncSession;
  clientId: string;
  pullLimit: number;
  wantDigest: boolean;
  /** The cycle's pull triggers: the walk says which of them its page requests answered (R27). */
  demand?: PullDemand;
  /**
   * The stored cursor, read under this walk's lock: the walk's first request leaves from it without a
   * read of its own. Only for the walk that starts first; one that goes on after pages were applied
   * (handed over, or walked again after a failure) reads the stored cursor.
   */
  cursor?: number;
}

/** 'paused': stopped after a transaction for a local write to be pushed; pulling goes on from the cursor. */
export type PullOutcome = 'done' | 'reset' | 'paused';

/** How a walk on the engine's thread ended: as a walk does, or handed to the runner's thread to go on. */
export type WalkOutcome = PullOutcome | 'handed-over';

/**
 * The walk on the engine's own thread, from `from` (the job's cursor) or else the stored cursor. Given
 * `handOver`, it asks it once its first page says more are to come (before applying it) and after each
 * applied transaction while more are to come, and stops there with 'handed-over' when it says yes: the
 * rest of the walk goes on elsewhere from the stored cursor.
 */
export type WalkHere = (handOver?: () => boolean, from?: number) => Promise<WalkOutcome>;

/** The whole walk on the engine's thread: nothing takes it over. */
export async function walkHereToTheEnd(walkHere: WalkHere, from?: number): Promise<PullOutcome> {
  const outcome = await walkHere(undefined, from);
  // INVARIANT: pullToClock hands over only when a handOver predicate says so.
  if (outcome === 'handed-over') throw new Error('a walk with no one to hand over to handed over');
  return outcome;
}

/**
 * Runs the walk from the stored cursor to the server's clock (R13–R15, R28) somewhere other than the
 * engine's thread: the app's sync worker, which checks and writes the pages off the main thread
 * (docs/adr/0099). The walk is the same code (`pullToClock`) over the same database; the engine keeps
 * the lock, the reset and the status.
 *
 * `onPage` is called after each applied batch of pages, so the engine can renew its lease (R29) and
 * report progress. `walkHere` is the walk on the engine's own thread: for a walk that begins before the
 * other thread is ready (it is handed over at a transaction's end once it is), and for when the other
 * thread cannot run (its script did not load): a walk that fails there is re-run here from the stored
 * cursor, which is safe because pages are applied with their cursor in one transaction and re-applied
 * harmlessly.
 */
export interface PullRunner {
  walk(
    job: PullJob,
    onPage: (progress: NonNullable<SyncStatus['progress']>) => Promise<void>,
    isCancelled: () => boolean,
    walkHere: WalkHere,
  ): Promise<PullOutcome>;
}
