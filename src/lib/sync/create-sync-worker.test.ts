import { beforeEach, describe, expect, it, vi } from 'vitest';

import { PullDemand } from '../../sync/pull-demand.ts';
import type { PullJob, PullRunner, WalkHere } from '../../sync/pull-runner.ts';
import type { DrainHere, PushJob } from '../../sync/push-runner.ts';
import { TransportError } from '../../sync/transport.ts';
import { FakeWorker } from '../../testing/fake-worker.ts';
import { createSyncWorker, WARM_UP_WAIT_MS } from './create-sync-worker.ts';

const job: PullJob = {
  session: { userId: 'u-1', accessToken: 'token-1' },
  clientId: 'client-1',
  pullLimit: 1000,
  wantDigest: false,
};
const noReports = async () => undefined;
const wanted = () => false;

/** A walk on the page of one transaction: it never asks whether to hand over. */
const shortWalkHere: WalkHere = () => Promise.resolve('done');

/** A walk on the page that goes on until the worker has started and said it is ready. */
function longWalkHere(worker: FakeWorker): WalkHere {
  return async (handOver) => {
    if (!handOver) return 'done';
    if (handOver()) return 'handed-over';
    worker.reply({ type: 'ready' });
    return handOver() ? 'handed-over' : 'done';
  };
}

const lastPosted = (worker: FakeWorker) => worker.posted.at(-1) as { type: string; id?: number } | undefined;

/** A runner whose worker has taken over a first long walk and finished it. */
async function runnerWithReadyWorker(worker: FakeWorker): Promise<PullRunner & { close(): void }> {
  const runner = createSyncWorker('u-1', () => worker.asWorker());
  const first = runner.walk(job, noReports, wanted, longWalkHere(worker));
  await vi.waitFor(() => expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 1 }));
  worker.reply({ type: 'walked', id: 1, outcome: 'done' });
  await first;
  return runner;
}

describe('sync worker client', () => {
  let worker: FakeWorker;
  let started: number;
  const createWorker = () => {
    started++;
    return worker.asWorker();
  };
  beforeEach(() => {
    worker = new FakeWorker();
    started = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('walks a short pull on the page and starts no worker for it', async () => {
    const runner = createSyncWorker('u-1', createWorker);
    await expect(runner.walk(job, noReports, wanted, shortWalkHere)).resolves.toBe('done');
    expect(started).toBe(0);
  });

  it('starts the worker when a walk runs long and hands the walk over once the worker is ready', async () => {
    const runner = createSyncWorker('u-1', createWorker);
    const pages: unknown[] = [];
    const walked = runner.walk(
      job,
      async (progress) => void pages.push(progress),
      wanted,
      longWalkHere(worker),
    );
    await vi.waitFor(() => expect(worker.posted).toHaveLength(2));
    expect(started).toBe(1);
    expect(worker.posted).toEqual([
      { type: 'open', userId: 'u-1' },
      {
        type: 'walk',
        id: 1,
        userId: 'u-1',
        accessToken: 'token-1',
        clientId: 'client-1',
        pullLimit: 1000,
        wantDigest: false,
      },
    ]);
    worker.reply({ type: 'page', id: 1, progress: { phase: 'pull', done: 5, total: 9 } });
    worker.reply({ type: 'walked', id: 1, outcome: 'reset' });
    await expect(walked).resolves.toBe('reset');
    expect(pages).toEqual([{ phase: 'pull', done: 5, total: 9 }]);
  });

  it('starts the worker when warmed up, and its first walk waits for it rather than begin on the page', async () => {
    const runner = createSyncWorker('u-1', createWorker);
    runner.warmUp();
    expect(started).toBe(1);
    expect(worker.posted).toEqual([{ type: 'open', userId: 'u-1' }]);
    // The first walk of a device that never pulled is all of its journal: a walk begun on the page would
    // fetch and check pages the worker then fetches again.
    const walkHere = vi.fn(shortWalkHere);
    const walked = runner.walk(job, noReports, wanted, walkHere);
    await Promise.resolve();
    expect(worker.posted).toHaveLength(1);
    worker.reply({ type: 'ready' });
    await vi.waitFor(() => expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 1 }));
    worker.reply({ type: 'walked', id: 1, outcome: 'done' });
    await expect(walked).resolves.toBe('done');
    expect(walkHere).not.toHaveBeenCalled();
    runner.warmUp();
    expect(started).toBe(1);
  });

  it('walks the first walk on the page when a warmed-up worker fails while it loads', async () => {
    const runner = createSyncWorker('u-1', createWorker);
    runner.warmUp();
    const walkHere = vi.fn(shortWalkHere);
    const walked = runner.walk(job, noReports, wanted, walkHere);
    worker.reply({ type: 'failed', message: 'the database did not open' });
    await expect(walked).resolves.toBe('done');
    expect(walkHere).toHaveBeenCalledTimes(1);
  });

  it('begins the first walk on the page when a warmed-up worker is not ready in time, and hands over later', async () => {
    vi.useFakeTimers();
    try {
      const runner = createSyncWorker('u-1', createWorker);
      runner.warmUp();
      const walked = runner.walk(job, noReports, wanted, longWalkHere(worker));
      await vi.advanceTimersByTimeAsync(WARM_UP_WAIT_MS - 1);
      expect(worker.posted).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      // The walk on the page makes the worker ready as it goes (longWalkHere), then hands over to it.
      await vi.waitFor(() => expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 1 }));
      worker.reply({ type: 'walked', id: 1, outcome: 'done' });
      await expect(walked).resolves.toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts no worker when warmed up after it was closed', () => {
    const runner = createSyncWorker('u-1', createWorker);
    runner.close();
    runner.warmUp();
    expect(started).toBe(0);
  });

  it('gives every walk to the worker once it is ready, short ones too', async () => {
    const runner = await runnerWithReadyWorker(worker);
    const walkHere = vi.fn(shortWalkHere);
    const walked = runner.walk(job, noReports, wanted, walkHere);
    expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 2 });
    worker.reply({ type: 'walked', id: 2, outcome: 'done' });
    await expect(walked).resolves.toBe('done');
    expect(walkHere).not.toHaveBeenCalled();
  });

  it('tells the worker of pull triggers during its walk, and counts those its page requests answered', async () => {
    const runner = await runnerWithReadyWorker(worker);
    const demand = new PullDemand();
    demand.ask(); // before the walk is sent: its first request answers it
    const walked = runner.walk({ ...job, demand }, noReports, wanted, shortWalkHere);
    expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 2 });
    demand.ask();
    demand.ask();
    expect(worker.posted.slice(-2)).toEqual([
      { type: 'ask', id: 2 },
      { type: 'ask', id: 2 },
    ]);
    // The worker's last request left after the first of the two.
    worker.reply({ type: 'walked', id: 2, outcome: 'done', answered: 1 });
    await expect(walked).resolves.toBe('done');
    expect(demand.answered()).toBe(false);
    const posted = worker.posted.length;
    demand.ask();
    expect(worker.posted).toHaveLength(posted);

    const next = new PullDemand();
    const second = runner.walk({ ...job, demand: next }, noReports, wanted, shortWalkHere);
    next.ask();
    worker.reply({ type: 'walked', id: 3, outcome: 'done', answered: 1 });
    await second;
    expect(next.answered()).toBe(true);
  });

  it('fails a walk with the error’s own class, and the next walk still goes to the worker', async () => {
    const runner = await runnerWithReadyWorker(worker);
    const failed = runner.walk(job, noReports, wanted, shortWalkHere);
    worker.reply({
      type: 'walk-failed',
      id: 2,
      error: { name: 'TransportError', kind: 'unauthorized', message: 'JWT expired', status: 401 },
    });
    const error = await failed.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    void runner.walk(job, noReports, wanted, shortWalkHere);
    expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 3 });
  });

  it('tells the worker to stop a walk the engine no longer wants', async () => {
    const runner = await runnerWithReadyWorker(worker);
    let stopped = false;
    void runner.walk(job, noReports, () => stopped, shortWalkHere);
    worker.reply({ type: 'page', id: 2, progress: { phase: 'pull', done: 1, total: 9 } });
    expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 2 });
    stopped = true;
    worker.reply({ type: 'page', id: 2, progress: { phase: 'pull', done: 2, total: 9 } });
    expect(lastPosted(worker)).toEqual({ type: 'cancel', id: 2 });
  });

  it('finishes a long walk on the page when the worker’s script cannot load, and walks there from then on', async () => {
    const runner = createSyncWorker('u-1', createWorker);
    const asked: boolean[] = [];
    const walked = runner.walk(job, noReports, wanted, async (handOver) => {
      asked.push(handOver?.() ?? false);
      worker.error(new Event('error'));
      asked.push(handOver?.() ?? false);
      return 'done';
    });
    await expect(walked).resolves.toBe('done');
    expect(asked).toEqual([false, false]);
    expect(console.error).toHaveBeenCalledWith(
      'The sync worker failed; syncing on the main thread instead',
      'its script could not be loaded',
    );
    expect(worker.terminated).toBe(true);
    const walkHere = vi.fn(shortWalkHere);
    await runner.walk(job, noReports, wanted, walkHere);
    expect(walkHere).toHaveBeenCalledWith(undefined, undefined);
    expect(started).toBe(1);
  });

  it('walks a pending walk again on the page when the worker fails under it, from the stored cursor', async () => {
    const runner = await runnerWithReadyWorker(worker);
    const walkHere = vi.fn(shortWalkHere);
    const pending = runner.walk({ ...job, cursor: 7 }, noReports, wanted, walkHere);
    expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 2, cursor: 7 });
    worker.reply({ type: 'failed', message: 'the database did not open' });
    await expect(pending).resolves.toBe('done');
    expect(walkHere).toHaveBeenCalledTimes(1);
    // The worker may have applied pages past 7 before it failed.
    expect(walkHere).toHaveBeenCalledWith(undefined, undefined);
  });

  it('starts the first walk from the job’s cursor; a walk handed over from the page reads the stored one', async () => {
    const runner = createSyncWorker('u-1', createWorker);
    const walkHere = vi.fn(longWalkHere(worker));
    const walked = runner.walk({ ...job, cursor: 7 }, noReports, wanted, walkHere);
    await vi.waitFor(() => expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 1 }));
    expect(walkHere).toHaveBeenCalledWith(expect.any(Function), 7);
    expect(lastPosted(worker)).not.toHaveProperty('cursor');
    worker.reply({ type: 'walked', id: 1, outcome: 'done' });
    await walked;
    // Ready now: the next walk goes to the worker first, with its cursor.
    const next = runner.walk({ ...job, cursor: 12 }, noReports, wanted, walkHere);
    expect(lastPosted(worker)).toMatchObject({ type: 'walk', id: 2, cursor: 12 });
    worker.reply({ type: 'walked', id: 2, outcome: 'done' });
    await expect(next).resolves.toBe('done');
    expect(walkHere).toHaveBeenCalledTimes(1);
  });

  it('ends a pending walk when closed, so the engine’s pull lock is let go', async () => {
    const runner = await runnerWithReadyWorker(worker);
    const pending = runner.walk(job, noReports, wanted, () => Promise.resolve('reset'));
    runner.close();
    await expect(pending).resolves.toBe('done');
    expect(worker.terminated).toBe(true);
  });

  it('walks on the page, whole, where no Worker exists', async () => {
    const runner = createSyncWorker('u-1', null);
    const walkHere = vi.fn<WalkHere>(() => Promise.resolve('reset'));
    await expect(runner.walk({ ...job, cursor: 7 }, noReports, wanted, walkHere)).resolves.toBe('reset');
    expect(walkHere).toHaveBeenCalledWith(undefined, 7);
  });

  describe('drains (docs/adr/0115)', () => {
    const pushJob: PushJob = {
      session: { userId: 'u-1', accessToken: 'token-1' },
      clientId: 'client-1',
      pushBatchSize: 200,
    };
    const drainedHere = () => vi.fn<DrainHere>(() => Promise.resolve(3));

    /** A runner whose worker was started by a first drain on the page, and has said it is ready. */
    async function runnerReadyToDrain() {
      const runner = createSyncWorker('u-1', createWorker);
      await runner.drain(pushJob, noReports, wanted, drainedHere());
      worker.reply({ type: 'ready' });
      return runner;
    }

    it('drains the first push on the page, then starts the worker for the pushes after it', async () => {
      const runner = createSyncWorker('u-1', createWorker);
      // The worker's loading would compete with the push it is meant to speed up.
      const startedDuring: number[] = [];
      const here = vi.fn<DrainHere>(() => {
        startedDuring.push(started);
        return Promise.resolve(3);
      });
      await expect(runner.drain(pushJob, noReports, wanted, here)).resolves.toBe(3);
      expect(startedDuring).toEqual([0]);
      expect(started).toBe(1);
      // Not ready yet: the next push does not wait for it either.
      await runner.drain(pushJob, noReports, wanted, here);
      expect(here).toHaveBeenCalledTimes(2);
      expect(worker.posted).toEqual([{ type: 'open', userId: 'u-1' }]);
    });

    it('gives a drain to the ready worker, with the session, and reports each of its batches', async () => {
      const runner = await runnerReadyToDrain();
      const here = drainedHere();
      const batches: unknown[] = [];
      const drained = runner.drain(pushJob, (progress) => void batches.push(progress), wanted, here);
      expect(lastPosted(worker)).toEqual({
        type: 'drain',
        id: 1,
        userId: 'u-1',
        accessToken: 'token-1',
        clientId: 'client-1',
        pushBatchSize: 200,
      });
      worker.reply({ type: 'batch', id: 1, progress: { phase: 'push', done: 0, total: 2 } });
      worker.reply({ type: 'batch', id: 1, progress: { phase: 'push', done: 2, total: 2 } });
      worker.reply({ type: 'drained', id: 1, sent: 2 });
      await expect(drained).resolves.toBe(2);
      expect(batches).toEqual([
        { phase: 'push', done: 0, total: 2 },
        { phase: 'push', done: 2, total: 2 },
      ]);
      expect(here).not.toHaveBeenCalled();
    });

    it('fails a drain with the error’s own class, and the next drain still goes to the worker', async () => {
      const runner = await runnerReadyToDrain();
      const failed = runner.drain(pushJob, noReports, wanted, drainedHere());
      worker.reply({
        type: 'drain-failed',
        id: 1,
        error: { name: 'TransportError', kind: 'unauthorized', message: 'JWT expired', status: 401 },
      });
      const error = await failed.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
      void runner.drain(pushJob, noReports, wanted, drainedHere());
      expect(lastPosted(worker)).toMatchObject({ type: 'drain', id: 2 });
    });

    it('tells the worker to stop a drain the engine no longer wants', async () => {
      const runner = await runnerReadyToDrain();
      let stopped = false;
      void runner.drain(pushJob, noReports, () => stopped, drainedHere());
      worker.reply({ type: 'batch', id: 1, progress: { phase: 'push', done: 0, total: 9 } });
      expect(lastPosted(worker)).toMatchObject({ type: 'drain', id: 1 });
      stopped = true;
      worker.reply({ type: 'batch', id: 1, progress: { phase: 'push', done: 2, total: 9 } });
      expect(lastPosted(worker)).toEqual({ type: 'cancel', id: 1 });
    });

    it('drains again on the page when the worker fails under a pending drain', async () => {
      const runner = await runnerReadyToDrain();
      const here = drainedHere();
      const pending = runner.drain(pushJob, noReports, wanted, here);
      worker.error(new Event('error'));
      await expect(pending).resolves.toBe(3);
      expect(here).toHaveBeenCalledTimes(1);
      expect(worker.terminated).toBe(true);
    });

    it('ends a pending drain when closed, so the engine’s push lock is let go', async () => {
      const runner = await runnerReadyToDrain();
      const pending = runner.drain(pushJob, noReports, wanted, drainedHere());
      runner.close();
      await expect(pending).resolves.toBe(0);
      expect(worker.terminated).toBe(true);
    });

    it('drains on the page where no Worker exists', async () => {
      const runner = createSyncWorker('u-1', null);
      const here = drainedHere();
      await expect(runner.drain(pushJob, noReports, wanted, here)).resolves.toBe(3);
      await runner.drain(pushJob, noReports, wanted, here);
      expect(here).toHaveBeenCalledTimes(2);
    });
  });
});
