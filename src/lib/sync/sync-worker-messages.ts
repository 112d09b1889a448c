import type { PullOutcome } from '../../sync/pull-runner.ts';
import type { SyncStatus } from '../../sync/sync-status.ts';
import type { TransportErrorKind } from '../../sync/transport.ts';

/** Messages between the engine's pull and push runner and the sync worker (docs/adr/0099, 0115). */
export type SyncWorkerRequest =
  /** Sent once the worker exists, so it opens the database while the app is still starting. */
  | { type: 'open'; userId: string }
  /**
   * A device that has never pulled this journal: the first pages are asked for now, before the
   * engine's first walk, which takes them (docs/adr/0117).
   */
  | { type: 'early-pages'; userId: string; accessToken: string; pullLimit: number }
  | {
      type: 'walk';
      id: number;
      userId: string;
      accessToken: string;
      clientId: string;
      pullLimit: number;
      wantDigest: boolean;
      /** Where the walk starts (PullJob.cursor); absent, the worker reads the stored cursor. */
      cursor?: number;
    }
  /** Drains the outbox (docs/adr/0115) under the push lock the page holds. */
  | {
      type: 'drain';
      id: number;
      userId: string;
      accessToken: string;
      clientId: string;
      pushBatchSize: number;
    }
  /** The engine was stopped: the walk ends after the batch being applied, a drain before its next batch. */
  | { type: 'cancel'; id: number }
  /** A pull trigger came during the walk (R27): a page request after it answers it. */
  | { type: 'ask'; id: number };

/** An error thrown by a walk, in a form that crosses threads and becomes the same class again. */
export type WalkError =
  | { name: 'TransportError'; kind: TransportErrorKind; message: string; status: number | null }
  | { name: 'MalformedResponseError' | 'Error'; message: string };

export type SyncWorkerReply =
  /** The database is open and the client made: walks handed over now start at once. */
  | { type: 'ready' }
  | { type: 'page'; id: number; progress: NonNullable<SyncStatus['progress']> }
  /** `answered`: how many of the walk's 'ask's came before its last page request (null: it made none). */
  | { type: 'walked'; id: number; outcome: PullOutcome; answered: number | null }
  | { type: 'walk-failed'; id: number; error: WalkError }
  /** A drain's batch is leaving (or the drain is ending, with the outbox's progress). */
  | { type: 'batch'; id: number; progress: SyncStatus['progress'] }
  /** `sent`: how many mutations the server acknowledged. */
  | { type: 'drained'; id: number; sent: number }
  | { type: 'drain-failed'; id: number; error: WalkError }
  /** The worker cannot walk at all (its database did not open): the engine walks on its own thread. */
  | { type: 'failed'; message: string };
