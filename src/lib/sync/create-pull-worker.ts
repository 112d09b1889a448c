import type { PullOutcome, PullRunner } from '../../sync/pull-runner.ts';
import type { PullWorkerReply, PullWorkerRequest } from './pull-worker-messages.ts';
import { fromWalkError } from './walk-error.ts';

interface PendingWalk {
  resolve: (outcome: PullOutcome) => void;
  reject: (error: unknown) => void;
  onPage: Parameters<PullRunner['walk']>[1];
  isCancelled: () => boolean;
  walkHere: () => Promise<PullOutcome>;
}

/**
 * The engine's pull runner over the pull worker (docs/adr/0099), started as soon as the user's data
 * is, so its script and database are ready by the first pull. Where no Worker exists (unit tests) there
 * is none and the engine walks on its own thread; once the worker has failed (its script could not
 * load, its database did not open) every walk, pending or new, is walked on the page instead.
 */
export function createPullWorker(userId: string): (PullRunner & { close(): void }) | null {
  if (typeof Worker === 'undefined') return null;
  const worker = new Worker(new URL('./sync-pull.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, PendingWalk>();
  let nextId = 1;
  let failed = false;
  const post = (request: PullWorkerRequest) => worker.postMessage(request);
  const settle = (id: number, settleWith: (walk: PendingWalk) => void) => {
    const walk = pending.get(id);
    pending.delete(id);
    if (walk) settleWith(walk);
  };
  const fail = (message: string) => {
    if (failed) return;
    failed = true;
    console.error('The pull worker failed; pulling on the main thread instead', message);
    worker.terminate();
    for (const [id, walk] of pending) {
      pending.delete(id);
      walk.walkHere().then(walk.resolve, walk.reject);
    }
  };
  worker.onmessage = (event: MessageEvent<PullWorkerReply>) => {
    const reply = event.data;
    if (reply.type === 'failed') return fail(reply.message);
    if (reply.type === 'walked') return settle(reply.id, (walk) => walk.resolve(reply.outcome));
    if (reply.type === 'walk-failed')
      return settle(reply.id, (walk) => walk.reject(fromWalkError(reply.error)));
    const walk = pending.get(reply.id);
    if (!walk) return;
    if (walk.isCancelled()) post({ type: 'cancel', id: reply.id });
    // A failed renewal or report must not end the walk; the engine's next run sees the same state.
    walk
      .onPage(reply.progress)
      .catch((error: unknown) => console.error('Renewing the pull lease failed', error));
  };
  // A script that cannot load (offline before its first use) fires a plain Event, with no message.
  worker.onerror = (event) => fail(event.message || 'its script could not be loaded');
  post({ type: 'open', userId });
  return {
    walk(job, onPage, isCancelled, walkHere) {
      if (failed) return walkHere();
      const id = nextId++;
      return new Promise<PullOutcome>((resolve, reject) => {
        pending.set(id, { resolve, reject, onPage, isCancelled, walkHere });
        post({
          type: 'walk',
          id,
          userId: job.session.userId,
          accessToken: job.session.accessToken,
          clientId: job.clientId,
          pullLimit: job.pullLimit,
          wantDigest: job.wantDigest,
        });
      });
    },
    close() {
      worker.terminate();
      // The engine is stopped: what a walk would have returned no longer matters.
      for (const walk of pending.values()) walk.resolve('done');
      pending.clear();
    },
  };
}
