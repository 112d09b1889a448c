import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { PullJob } from '../../sync/pull-runner.ts';
import { TransportError } from '../../sync/transport.ts';
import { FakeWorker } from '../../testing/fake-worker.ts';
import { createPullWorker } from './create-pull-worker.ts';

const job: PullJob = {
  session: { userId: 'u-1', accessToken: 'token-1' },
  clientId: 'client-1',
  pullLimit: 1000,
  wantDigest: false,
};

describe('pull worker client', () => {
  let worker: FakeWorker;
  beforeEach(() => {
    worker = new FakeWorker();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('hands the walk to the worker with the session’s token and reports each page to the engine', async () => {
    const runner = createPullWorker('u-1', () => worker.asWorker());
    const pages: unknown[] = [];
    const walkHere = vi.fn(() => Promise.resolve('done' as const));
    const walked = runner.walk(
      job,
      async (progress) => void pages.push(progress),
      () => false,
      walkHere,
    );
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
    expect(walkHere).not.toHaveBeenCalled();
  });

  it('fails a walk with the error’s own class, and the next walk still goes to the worker', async () => {
    const runner = createPullWorker('u-1', () => worker.asWorker());
    const walkHere = () => Promise.resolve('done' as const);
    const first = runner.walk(
      job,
      async () => undefined,
      () => false,
      walkHere,
    );
    worker.reply({
      type: 'walk-failed',
      id: 1,
      error: { name: 'TransportError', kind: 'unauthorized', message: 'JWT expired', status: 401 },
    });
    const error = await first.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    void runner.walk(
      job,
      async () => undefined,
      () => false,
      walkHere,
    );
    expect(worker.posted.at(-1)).toMatchObject({ type: 'walk', id: 2 });
  });

  it('tells the worker to stop a walk the engine no longer wants', () => {
    const runner = createPullWorker('u-1', () => worker.asWorker());
    let stopped = false;
    void runner.walk(
      job,
      async () => undefined,
      () => stopped,
      () => Promise.resolve('done'),
    );
    worker.reply({ type: 'page', id: 1, progress: { phase: 'pull', done: 1, total: 9 } });
    expect(worker.posted.at(-1)).toMatchObject({ type: 'walk' });
    stopped = true;
    worker.reply({ type: 'page', id: 1, progress: { phase: 'pull', done: 2, total: 9 } });
    expect(worker.posted.at(-1)).toEqual({ type: 'cancel', id: 1 });
  });

  it('walks on the page once the worker’s script cannot load, the pending walk included', async () => {
    const runner = createPullWorker('u-1', () => worker.asWorker());
    const walkHere = vi.fn(() => Promise.resolve('done' as const));
    const pending = runner.walk(
      job,
      async () => undefined,
      () => false,
      walkHere,
    );
    worker.error(new Event('error'));
    await expect(pending).resolves.toBe('done');
    expect(console.error).toHaveBeenCalledWith(
      'The pull worker failed; pulling on the main thread instead',
      'its script could not be loaded',
    );
    expect(worker.terminated).toBe(true);
    await runner.walk(
      job,
      async () => undefined,
      () => false,
      walkHere,
    );
    expect(walkHere).toHaveBeenCalledTimes(2);
  });

  it('ends a pending walk when closed, so the engine’s pull lock is let go', async () => {
    const runner = createPullWorker('u-1', () => worker.asWorker());
    const pending = runner.walk(
      job,
      async () => undefined,
      () => false,
      () => Promise.resolve('reset'),
    );
    runner.close();
    await expect(pending).resolves.toBe('done');
    expect(worker.terminated).toBe(true);
  });

  it('walks on the page where no Worker exists', async () => {
    const runner = createPullWorker('u-1', null);
    await expect(
      runner.walk(
        job,
        async () => undefined,
        () => false,
        () => Promise.resolve('reset'),
      ),
    ).resolves.toBe('reset');
  });
});
