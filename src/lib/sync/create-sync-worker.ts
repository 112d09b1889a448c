import { walkHereToTheEnd, type PullOutcome, type PullRunner } from '../../sync/pull-runner.ts';
import type { PushRunner } from '../../sync/push-runner.ts';
import type { SyncSession } from '../../sync/transport.ts';
import { workerWithFallback } from '../worker-with-fallback.ts';
import type { SyncWorkerReply, SyncWorkerRequest } from './sync-worker-messages.ts';
import { fromWalkError } from './walk-error.ts';

/** A walk the worker is doing: what its page reports reach, and whether the engine still wants it. */
interface WalkInWorker {
  onPage: Parameters<PullRunner['walk']>[1];
  isCancelled: () => boolean;
  resolve: (outcome: PullOutcome) => void;
  /** The worker's count of the asks it was told of that its page requests answered. */
  answered: (count: number | null) => void;
}

/** A drain the worker is doing: what its batch reports reach, and whether the engine still wants it. */
interface DrainInWorker {
  onBatch: Parameters<PushRunner['drain']>[1];
  isCancelled: () => boolean;
  resolve: (sent: number) => void;
}

/** Longest a walk waits for a warmed-up worker to be ready before it begins on the page. */
export const WARM_UP_WAIT_MS = 3_000;

/** Resolves when `settled` does, or after `ms`, whichever comes first. */
function settledOrAfter(settled: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const after = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([settled, after]).finally(() => clearTimeout(timer));
}

/** A walk is answered by its outcome, a drain by its count: ids are never shared, so a mix-up is a bug. */
function answerOf(question: 'walk', answer: PullOutcome | number): PullOutcome;
function answerOf(question: 'drain', answer: PullOutcome | number): number;
function answerOf(question: 'walk' | 'drain', answer: PullOutcome | number): PullOutcome | number {
  if ((question === 'drain') !== (typeof answer === 'number'))
    throw new Error(`the sync worker answered a ${question} with ${String(answer)}`);
  return answer;
}

/** The engine's pull and push runner over the sync worker, and what the app asks of it before a walk. */
export type SyncWorkerRunner = PullRunner &
  PushRunner & {
    warmUp(): void;
    askEarlyPages(session: SyncSession, pullLimit: number): void;
    close(): void;
  };

// Vite bundles a worker only from this literal `new Worker(new URL(…, import.meta.url))`.
const startWorker =
  typeof Worker === 'undefined'
    ? null
    : () => new Worker(new URL('./sync.worker.ts', import.meta.url), { type: 'module' });

/**
 * The engine's pull and push runner over the sync worker (docs/adr/0099, 0115). Most walks are a page
 * or two (a poke, a focus, a reload), done on the page at once: the worker starts when a walk turns
 * out longer than one transaction, and that walk is handed to it at a transaction's end once its
 * script has run and its database is open, instead of waiting for it; or once the first drain of
 * the outbox has run on the page. Once ready, the worker takes every walk and every drain.
 *
 * Where no Worker exists (unit tests) and once the worker has failed (its script could not load, its
 * database did not open) every walk and drain, pending or new, runs on the page instead. Tests hand in
 * `createWorker`.
 */
export function createSyncWorker(userId: string, createWorker = startWorker): SyncWorkerRunner {
  const walks = new Map<number, WalkInWorker>();
  const drains = new Map<number, DrainInWorker>();
  let ready = false;
  let closed = false;
  /** Set by warmUp(): settles once the worker is ready, has failed, or the runner is closed. */
  let warming: Promise<void> | null = null;
  let settleWarming = () => {};

  const startClient = () =>
    workerWithFallback<SyncWorkerRequest, SyncWorkerReply, { close(): void }, PullOutcome | number>({
      failureMessage: 'The sync worker failed; syncing on the main thread instead',
      createWorker,
      open: { type: 'open', userId },
      createLocal: () => ({ close: () => undefined }),
      onReply(reply, answer, refuse) {
        if (reply.type === 'ready') {
          ready = true;
          settleWarming();
        } else if (reply.type === 'walked') {
          walks.get(reply.id)?.answered(reply.answered);
          answer(reply.id, reply.outcome);
        } else if (reply.type === 'walk-failed') refuse(reply.id, fromWalkError(reply.error));
        else if (reply.type === 'drained') answer(reply.id, reply.sent);
        else if (reply.type === 'drain-failed') refuse(reply.id, fromWalkError(reply.error));
        else if (reply.type === 'batch') {
          const drain = drains.get(reply.id);
          if (!drain) return;
          if (drain.isCancelled()) client?.tell({ type: 'cancel', id: reply.id }, () => undefined);
          drain.onBatch(reply.progress);
        } else if (reply.type === 'page') {
          const walk = walks.get(reply.id);
          if (!walk) return;
          if (walk.isCancelled()) client?.tell({ type: 'cancel', id: reply.id }, () => undefined);
          // A failed renewal or report must not end the walk; the engine's next run sees the same state.
          walk
            .onPage(reply.progress)
            .catch((error: unknown) => console.error('Renewing the pull lease failed', error));
        }
      },
      // Nothing to hand over: a walk on the page needs only what it brings (walkHere).
      handOver: () => settleWarming(),
    });
  let client: ReturnType<typeof startClient> | null = null;

  const inUse = () => client !== null && client.local === null;
  /** Asked by a long walk on the page after each transaction: the first ask starts the worker. */
  const takeOver = () => {
    if (!client && !closed) client = startClient();
    return ready && inUse();
  };

  /**
   * Starts the worker now, before any walk: for a walk known to be long (a device that has never
   * pulled this journal), so its script loads and its database opens while the app starts, and walks
   * wait for it (up to WARM_UP_WAIT_MS) rather than begin on the page. Should it fail, or not be ready
   * by then, the walk is walked on the page as before.
   */
  const warmUp = () => {
    if (client || closed || !createWorker) return;
    warming = new Promise((resolve) => (settleWarming = resolve));
    client = startClient();
  };

  return {
    async walk(job, onPage, isCancelled, walkHere) {
      // A worker warmed up for a long first walk is waited for while it loads: a walk begun here would
      // fetch and check pages the worker then fetches again. Only for a while: a worker that never
      // answers must not hold the first sync up.
      if (warming && !ready && inUse()) await settledOrAfter(warming, WARM_UP_WAIT_MS);
      // The job's cursor is for the walk that starts first: the worker reads the stored one after a walk
      // here may have applied pages.
      let cursor = job.cursor;
      if (!(ready && inUse())) {
        const canTakeOver = createWorker !== null && (client === null || inUse());
        const outcome = await walkHere(canTakeOver ? takeOver : undefined, cursor);
        if (outcome !== 'handed-over') return outcome;
        cursor = undefined;
      }
      const worker = client;
      if (!worker || closed) return 'done';
      let walkId = 0;
      // Triggers before the walk is sent are answered by its first request; later ones are told.
      const { demand } = job;
      const before = demand?.asked ?? 0;
      const stopTelling = demand?.onAsk(() => worker.tell({ type: 'ask', id: walkId }, () => undefined));
      const answered = (count: number | null) => {
        if (demand && typeof count === 'number') demand.cover(before + count);
      };
      return new Promise<PullOutcome>((resolve, reject) => {
        worker
          .ask(
            (id) => {
              walkId = id;
              walks.set(id, { onPage, isCancelled, resolve, answered });
              return {
                type: 'walk',
                id,
                userId: job.session.userId,
                accessToken: job.session.accessToken,
                clientId: job.clientId,
                pullLimit: job.pullLimit,
                wantDigest: job.wantDigest,
                ...(cursor === undefined ? {} : { cursor }),
              };
            },
            () => walkHereToTheEnd(walkHere),
          )
          .then((answer) => resolve(answerOf('walk', answer)), reject)
          .finally(() => {
            stopTelling?.();
            walks.delete(walkId);
          });
      });
    },
    drain(job, onBatch, isCancelled, drainHere) {
      // The first drain runs here and starts the worker once it is done, so the worker's loading does
      // not compete with that push; later drains leave from the worker, where no rendering after a
      // save stands between its commit and its request.
      const worker = client;
      if (!worker) {
        return drainHere().finally(() => {
          if (!client && !closed && createWorker) client = startClient();
        });
      }
      if (!ready || !inUse() || closed) return drainHere();
      let drainId = 0;
      return new Promise<number>((resolve, reject) => {
        worker
          .ask(
            (id) => {
              drainId = id;
              drains.set(id, { onBatch, isCancelled, resolve });
              return {
                type: 'drain',
                id,
                userId: job.session.userId,
                accessToken: job.session.accessToken,
                clientId: job.clientId,
                pushBatchSize: job.pushBatchSize,
              };
            },
            // The worker failed before answering: whatever it acknowledged is out of the outbox, and
            // what it sent without an answer is sent again, a duplicate the server recognises (R8).
            () => drainHere(),
          )
          .then((answer) => resolve(answerOf('drain', answer)), reject)
          .finally(() => drains.delete(drainId));
      });
    },
    warmUp,
    /**
     * For a device that has never pulled this journal (docs/adr/0117): warms the worker up and has it
     * ask for the first pages now, while the app starts; the first walk takes them.
     */
    askEarlyPages(session, pullLimit) {
      warmUp();
      const { userId, accessToken } = session;
      client?.tell({ type: 'early-pages', userId, accessToken, pullLimit }, () => undefined);
    },
    close() {
      closed = true;
      settleWarming();
      // The engine is stopped: what a walk would have returned no longer matters, but a walk left
      // pending would keep its tab's pull lock until the lease ran out.
      for (const walk of walks.values()) walk.resolve('done');
      walks.clear();
      // Likewise for a drain, and for its push lock: what it acknowledged is already out of the outbox.
      for (const drain of drains.values()) drain.resolve(0);
      drains.clear();
      client?.close();
    },
  };
}
